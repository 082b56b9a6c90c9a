// Click a column header to sort its table (again to reverse). Numbers sort as numbers ("1,234", "−0.5",
// "27.4% ± 0.2" by their first number); "–" (no value) always goes last.
document.querySelectorAll("table.sortable").forEach(function (table) {
  var heads = table.querySelectorAll("thead th");
  heads.forEach(function (th, col) {
    th.addEventListener("click", function () {
      var asc = th.getAttribute("aria-sort") !== "ascending";
      heads.forEach(function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", asc ? "ascending" : "descending");
      var numeric = th.classList.contains("num");
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      function key(row) {
        var text = row.cells[col] ? row.cells[col].textContent.trim() : "";
        if (!numeric) { return text.toLowerCase(); }
        var m = text.replace(/,/g, "").replace(/\u2212/g, "-").match(/[-+]?\d*\.?\d+/);
        return m ? parseFloat(m[0]) : null;
      }
      rows.sort(function (a, b) {
        var x = key(a), y = key(b);
        if (x === null || x === "\u2013") { return 1; }
        if (y === null || y === "\u2013") { return -1; }
        var c = x < y ? -1 : x > y ? 1 : 0;
        return asc ? c : -c;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
});
