"""A plugin module that raises a BaseException subclass of its own while it is imported (neither an
Exception nor SystemExit), for the reliability tests."""


class PluginGaveUp(BaseException):
    pass


raise PluginGaveUp("gave up while importing")
