# Runs one plant script on one day of buckets inside the sandbox (see child.mjs). Loaded before the lockdown; the
# script itself only ever sees its own namespace, the standard library and the buckets it is given.
import builtins
import json
import math
import sys
import traceback

SCRIPT_FILE = "<plant script>"
MAX_TEXT = 200
MAX_DEPTH = 6

# Modules that reach the JavaScript host, Pyodide's internals, the network or other processes.
BLOCKED_ROOTS = frozenset(
    {
        "js", "pyodide_js", "pyodide", "_pyodide", "_pyodide_core", "micropip",
        "socket", "_socket", "ssl", "_ssl", "select", "selectors", "asyncio", "_asyncio",
        "subprocess", "_posixsubprocess", "multiprocessing", "_multiprocessing", "ctypes", "_ctypes",
        "http", "ftplib", "smtplib", "poplib", "imaplib", "nntplib", "telnetlib", "xmlrpc", "webbrowser",
        "wsgiref", "socketserver", "urllib",
    }
)


def _blocked(name):
    return name.split(".")[0] in BLOCKED_ROOTS


class _RefuseHostModules:
    """A meta path finder, first in line: imports of blocked modules fail with a clear message."""

    def find_spec(self, fullname, path=None, target=None):
        if _blocked(fullname):
            raise ImportError(
                f"The module '{fullname}' is not available in plant scripts "
                "(no access to the host, the network or files)."
            )
        return None


# os functions that start or signal processes. The permission model refuses them anyway, but Pyodide treats that
# refusal as a fatal error; a Python exception is the clearer answer.
PROCESS_FUNCTIONS = (
    "system", "popen", "fork", "forkpty", "kill", "killpg", "posix_spawn", "posix_spawnp",
    "execl", "execle", "execlp", "execlpe", "execv", "execve", "execvp", "execvpe",
    "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv", "spawnve", "spawnvp", "spawnvpe",
)


def _refused(name):
    def refused(*args, **kwargs):
        raise PermissionError(f"os.{name}() is not available in plant scripts (no access to the host).")

    return refused


def _refuse_introspection(name):
    def refused(*args, **kwargs):
        raise PermissionError(f"gc.{name}() is not available in plant scripts.")

    return refused


def vf_lockdown():
    """Takes the host out of the interpreter before any script runs; the import blocks above are only the first layer.

    1. Every builtin module a script may legitimately use is imported now, then `_imp.create_builtin` is replaced by a
       stub and the original dropped: no builtin module (``_pyodide_core`` among them) can be created again, whatever
       a script does to ``sys.meta_path`` or however it calls the importer.
    2. The modules that reach the host are removed from ``sys.modules`` and their namespaces emptied, and the names
       are removed from this namespace, so no class or function left in memory leads back to them through its
       ``__globals__``.
    3. ``gc.get_objects`` / ``get_referrers`` / ``get_referents`` are replaced (the objects the runtime itself still
       holds, like the cached copy of ``_pyodide_core``'s namespace, are reachable only that way).
    4. os functions that start or signal processes raise instead of reaching the permission model.
    """
    import _imp
    import gc
    import importlib
    import os
    import posix

    for name in sys.builtin_module_names:
        if not _blocked(name) and name not in sys.modules:
            try:
                importlib.import_module(name)
            except Exception:
                pass

    def create_builtin(spec):
        raise ImportError(f"The module '{spec.name}' is not available in plant scripts.")

    _imp.create_builtin = create_builtin

    # Pyodide's own finders and hooks (the JS module finder) go too: their modules are emptied below.
    def _ours(hook):
        return not _blocked(getattr(type(hook), "__module__", "") or "") and not _blocked(
            getattr(hook, "__module__", "") or ""
        )

    sys.meta_path[:] = [finder for finder in sys.meta_path if _ours(finder)]
    sys.path_hooks[:] = [hook for hook in sys.path_hooks if _ours(hook)]
    sys.path_importer_cache.clear()

    doomed = [module for name, module in list(sys.modules.items()) if _blocked(name)]
    for name in list(sys.modules):
        if _blocked(name):
            del sys.modules[name]
    for module in doomed:
        try:
            module.__dict__.clear()
        except Exception:
            pass
    here = globals()
    for name in list(here):
        if _blocked(name):
            del here[name]

    for name in ("get_objects", "get_referrers", "get_referents"):
        setattr(gc, name, _refuse_introspection(name))
    gc.collect()

    sys.meta_path.insert(0, _RefuseHostModules())
    for module in (os, posix):
        for name in PROCESS_FUNCTIONS:
            if hasattr(module, name):
                setattr(module, name, _refused(name))


def _plain(value, depth=0):
    """The script's result as JSON-safe data; non-finite numbers and odd objects become text the parent rejects."""
    if depth > MAX_DEPTH:
        return "<too deep>"
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        number = float(value)
        return number if math.isfinite(number) else repr(number)
    if isinstance(value, str):
        return value[:MAX_TEXT]
    if isinstance(value, dict):
        return {str(k)[:MAX_TEXT]: _plain(v, depth + 1) for k, v in list(value.items())[:1000]}
    if isinstance(value, (list, tuple)):
        return [_plain(v, depth + 1) for v in list(value)[:1000]]
    return f"<{type(value).__name__}>"


def _script_line(tb):
    line = None
    for frame in traceback.extract_tb(tb):
        if frame.filename == SCRIPT_FILE:
            line = frame.lineno
    return line


def _failure(kind, message, line):
    return json.dumps({"ok": False, "error": {"kind": kind, "message": message[:2000], "line": line}})


def vf_check(source):
    """Compiles the script and runs its top level; returns JSON {ok} or the error, without calling derive."""
    try:
        code = compile(source, SCRIPT_FILE, "exec")
    except SyntaxError as error:
        line = error.lineno if error.filename == SCRIPT_FILE else None
        return _failure("syntax", f"{type(error).__name__}: {error.msg}", line)
    try:
        namespace = {"__name__": "plant_script", "__builtins__": builtins}
        exec(code, namespace)
        if not callable(namespace.get("derive")):
            return _failure("noDerive", "The script must define a function derive(buckets).", None)
        return json.dumps({"ok": True, "figures": None, "indicators": None})
    except BaseException as error:  # see vf_run
        message = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        return _failure("runtime", message, _script_line(error.__traceback__))


def vf_run(source, payload):
    """Compiles and runs the script on one day; returns JSON: {ok, figures, indicators} or {ok: false, error}."""
    try:
        code = compile(source, SCRIPT_FILE, "exec")
    except SyntaxError as error:
        line = error.lineno if error.filename == SCRIPT_FILE else None
        return _failure("syntax", f"{type(error).__name__}: {error.msg}", line)
    try:
        namespace = {"__name__": "plant_script", "__builtins__": builtins}
        exec(code, namespace)
        derive = namespace.get("derive")
        if not callable(derive):
            return _failure("noDerive", "The script must define a function derive(buckets).", None)
        figures = _plain(derive(json.loads(payload)))
        indicators = None
        extra = namespace.get("indicators")
        if callable(extra):
            indicators = _plain(extra(json.loads(payload), json.loads(json.dumps(figures))))
        return json.dumps({"ok": True, "figures": figures, "indicators": indicators})
    except BaseException as error:  # SystemExit and MemoryError too: the sandbox must keep answering
        message = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        return _failure("runtime", message, _script_line(error.__traceback__))
