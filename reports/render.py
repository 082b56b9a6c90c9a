"""Rendering a `Report`: one self-contained HTML file (inline CSS, figures as base64 PNG data URIs, no
external resource), or Markdown with the figures written as PNG files in a folder beside it."""

from __future__ import annotations

import base64
import html
import re
from pathlib import Path

from reports.model import Report, Table

CSS = """
body{font-family:-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;max-width:1100px;margin:2em auto;
padding:0 1em;color:#222;line-height:1.45}
h1{margin-bottom:.1em}.subtitle{color:#666;margin-top:0}
h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
.finding{background:#f3f7fb;border-left:4px solid #4c72b0;padding:.7em 1em;font-size:1.05em}
.note{color:#555;font-size:.9em}
table{border-collapse:collapse;margin:.6em 0 1.2em;font-size:.85em;display:block;overflow-x:auto}
th,td{border:1px solid #ddd;padding:.25em .5em;text-align:right;white-space:nowrap}
th{background:#f0f0f0}td:first-child,th:first-child{text-align:left}
caption{text-align:left;font-weight:bold;padding:.3em 0}
figure{margin:1em 0}figcaption{font-size:.9em;color:#444}img{max-width:100%}
nav ul{columns:2}
"""


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def _html_table(t: Table) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in t.columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row) + "</tr>" for row in t.rows)
    note = f'<p class="note">{html.escape(t.note)}</p>' if t.note else ""
    return f"<table><caption>{html.escape(t.title)}</caption><thead><tr>{head}</tr></thead>" \
           f"<tbody>{body}</tbody></table>{note}"


def to_html(report: Report) -> str:
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{html.escape(report.title)}</title><style>{CSS}</style></head><body>",
           f"<h1>{html.escape(report.title)}</h1>", f'<p class="subtitle">{html.escape(report.subtitle)}</p>',
           "<nav><ul>" + "".join(f'<li><a href="#{s.key}">{html.escape(s.title)}</a></li>'
                                  for s in report.sections) + "</ul></nav>"]
    for s in report.sections:
        out.append(f'<section id="{s.key}"><h2>{html.escape(s.title)}</h2>')
        out.append(f'<p class="finding">{html.escape(s.finding)}</p>')
        out.extend(f'<p class="note">{html.escape(n)}</p>' for n in s.notes)
        for f in s.figures:
            data = base64.b64encode(f.png).decode("ascii")
            out.append(f'<figure><img alt="{html.escape(f.title)}" src="data:image/png;base64,{data}">'
                       f"<figcaption>{html.escape(f.title)}</figcaption></figure>")
        out.extend(_html_table(t) for t in s.tables)
        out.append("</section>")
    out.append("</body></html>")
    return "\n".join(out)


def _md_cell(v: object) -> str:
    return str(v).replace("|", "\\|").replace("\n", " ")


def _md_table(t: Table) -> str:
    lines = [f"**{t.title}**", "", "| " + " | ".join(_md_cell(c) or " " for c in t.columns) + " |",
             "|" + "|".join(":---" if i == 0 else "---:" for i in range(len(t.columns))) + "|"]
    lines += ["| " + " | ".join(_md_cell(v) for v in row) + " |" for row in t.rows]
    if t.note:
        lines += ["", f"*{t.note}*"]
    return "\n".join(lines)


def to_markdown(report: Report, out: Path) -> str:
    """Markdown text; writes the figures into `<stem>_figures/` next to `out` and links them relatively."""
    fig_dir = out.parent / f"{out.stem}_figures"
    lines = [f"# {report.title}", "", f"*{report.subtitle}*", ""]
    lines += [f"- [{s.title}](#{s.key})" for s in report.sections] + [""]
    k = 0
    for s in report.sections:
        lines += [f'<a id="{s.key}"></a>', "", f"## {s.title}", "", f"> {s.finding}", ""]
        for n in s.notes:
            lines += [n, ""]
        for f in s.figures:
            k += 1
            fig_dir.mkdir(parents=True, exist_ok=True)
            name = f"{k:02d}_{_slug(f.name)}.png"
            (fig_dir / name).write_bytes(f.png)
            lines += [f"![{f.title}]({fig_dir.name}/{name})", ""]
        for t in s.tables:
            lines += [_md_table(t), ""]
    return "\n".join(lines)


def write(report: Report, out: str | Path, fmt: str = "html") -> Path:
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    text = to_markdown(report, out) if fmt == "md" else to_html(report)
    out.write_text(text, encoding="utf-8")
    return out
