# Runs one plant script on one day of buckets inside the sandbox (see child.mjs). Loaded before the lockdown; the
# script itself only ever sees its own namespace, the standard library and the buckets it is given.
import builtins
import json
import math
import sys
import traceback
import types

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


# os functions that start, signal or end processes. The permission model refuses starting one anyway, but Pyodide
# treats that refusal as a fatal error, and _exit / abort would end the sandbox itself; a Python exception is the
# clearer answer.
PROCESS_FUNCTIONS = (
    "system", "popen", "fork", "forkpty", "kill", "killpg", "posix_spawn", "posix_spawnp", "_exit", "abort",
    "execl", "execle", "execlp", "execlpe", "execv", "execve", "execvp", "execvpe",
    "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv", "spawnve", "spawnvp", "spawnvpe",
)

# The importer's entry points that create a module object: builtin modules, and extension modules, which CPython also
# answers from its cache of single-phase modules already loaded (that cache still holds _pyodide_core's namespace).
MODULE_CREATORS = ("create_builtin", "create_dynamic", "exec_dynamic")

# gc functions that hand out objects the script was never given: everything tracked, whatever refers to or is referred
# to by an object, and (set_debug(DEBUG_SAVEALL)) everything the collector frees, kept in gc.garbage.
GC_INTROSPECTION = ("get_objects", "get_referrers", "get_referents", "set_debug")

# Py_TPFLAGS_IMMUTABLETYPE: such a type refuses new attributes, so its constructor cannot be replaced (nor restored).
IMMUTABLE_TYPE = 1 << 8

# The modules of Pyodide's JavaScript bridge: objects of their types are what a script must never get hold of.
BRIDGE_ROOTS = frozenset({"js", "pyodide_js", "pyodide", "_pyodide", "_pyodide_core"})


def _refused(name):
    def refused(*args, **kwargs):
        raise PermissionError(f"os.{name}() is not available in plant scripts (no access to the host).")

    return refused


def _refuse_introspection(name):
    def refused(*args, **kwargs):
        raise PermissionError(f"gc.{name}() is not available in plant scripts.")

    return refused


def _refuse_module_creation(spec_or_module, *args, **kwargs):
    name = getattr(spec_or_module, "name", None) or getattr(spec_or_module, "__name__", "?")
    raise ImportError(f"The module '{name}' is not available in plant scripts.")


def _refuse_bridge_object(cls, *args, **kwargs):
    raise PermissionError(f"{cls.__name__} objects are not available in plant scripts (no access to the host).")


def _bridge_types(core):
    """The types of Pyodide's JavaScript bridge: what _pyodide_core holds, and every type of a blocked module.

    They cannot be freed (the runtime's C code holds them) and stay reachable through ``__subclasses__``; what matters
    is that none of them can make an object that reaches JavaScript.
    """
    found = {}
    if core is not None:
        for value in list(vars(core).values()) + list(getattr(core, "jsproxy_typedict", {}).values()):
            if isinstance(value, type):
                found[id(value)] = value
    stack = [object]
    seen = set()
    while stack:
        cls = stack.pop()
        if id(cls) in seen:
            continue
        seen.add(id(cls))
        try:
            stack.extend(type.__subclasses__(cls))
        except TypeError:
            pass
        if _blocked(str(getattr(cls, "__module__", "") or "")):
            found[id(cls)] = cls
    return list(found.values())


def _sweep_bridge_references(gc, bridge_types):
    """Drops every reference Python objects still hold to the bridge, while ``gc.get_objects`` is still ours.

    JsProxy objects are not tracked by the collector, so they are found through what holds them: the attribute dicts
    of the JS modules (``pyodide_js`` and ``pyodide_js._api``, whose loaders keep the Pyodide API object), CPython's
    cached copy of ``_pyodide_core``'s namespace (what ``_imp.create_dynamic`` would revive), loaders, finders.
    Type dicts are never edited directly (that would leave the type cache pointing at freed objects); a class attribute
    is removed with delattr instead.
    """
    bridge = {id(cls) for cls in bridge_types}
    verdicts = {}

    # By the MRO, not isinstance: the bridge's metaclass has an __instancecheck__ of its own, written in Python in a
    # module that is empty by now.
    def is_bridge(value):
        kind = type(value)
        verdict = verdicts.get(id(kind))
        if verdict is None:
            verdict = not issubclass(kind, type) and any(id(cls) in bridge for cls in kind.__mro__)
            verdicts[id(kind)] = verdict
        return verdict

    holders = gc.get_objects()
    classes = [obj for obj in holders if isinstance(obj, type)]
    type_dicts = {id(ref) for cls in classes for ref in gc.get_referents(cls) if type(ref) is dict}
    for holder in holders:
        kind = type(holder)
        if kind is dict and id(holder) not in type_dicts:
            name = holder.get("__name__")
            if isinstance(name, str) and _blocked(name):
                holder.clear()
            else:
                for key in [key for key, value in list(holder.items()) if is_bridge(value)]:
                    del holder[key]
        elif kind is list:
            if any(is_bridge(value) for value in holder):
                holder[:] = [value for value in holder if not is_bridge(value)]
        elif kind is set:
            for value in [value for value in holder if is_bridge(value)]:
                holder.discard(value)
        elif kind is types.CellType:
            try:
                if is_bridge(holder.cell_contents):
                    holder.cell_contents = None
            except ValueError:  # an empty cell
                pass
        elif is_bridge(holder) and isinstance(getattr(holder, "__dict__", None), dict):
            holder.__dict__.clear()
    for cls in classes:
        for key in [key for key, value in list(vars(cls).items()) if is_bridge(value)]:
            try:
                delattr(cls, key)
            except (TypeError, AttributeError):
                pass


def vf_lockdown():
    """Takes the host out of the interpreter before any script runs; the import blocks above are only the first layer.

    1. Every builtin module a script may legitimately use is imported now, then the importer's module creators
       (``_imp.create_builtin``, ``create_dynamic``, ``exec_dynamic``) are replaced by stubs and the originals dropped:
       no builtin module (``_pyodide_core`` among them) can be created again, nor revived from CPython's cache of
       single-phase modules, whatever a script does to ``sys.meta_path`` or however it calls the importer.
    2. The bridge types that can make a JavaScript object from Python (``JsException("Error", "…")`` creates a JS
       Error) get a constructor that refuses; the others cannot be instantiated, nor can subclasses of them.
    3. Pyodide's event loop is let go (no running loop, no policy), so ``_asyncio.Future().get_loop()`` finds nothing.
    4. The modules that reach the host are removed from ``sys.modules`` and their namespaces emptied, and the names
       are removed from this namespace, so no class or function left in memory leads back to them through its
       ``__globals__``. Then every remaining reference to a bridge object held by a Python container is dropped
       (``_sweep_bridge_references``), so what the runtime still holds is held by its C code alone.
    5. ``gc.get_objects`` / ``get_referrers`` / ``get_referents`` / ``set_debug`` are replaced (the objects the runtime
       itself still holds, like the converters of _pyodide_core, are reachable only that way).
    6. os functions that start, signal or end processes raise instead of reaching the permission model; the host path
       Pyodide puts into ``$_`` is dropped.
    Sockets are refused below Python, by the child (child.mjs): the type cannot be taken away from here.
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

    for name in MODULE_CREATORS:
        setattr(_imp, name, _refuse_module_creation)

    bridge_types = _bridge_types(sys.modules.get("_pyodide_core"))
    for cls in bridge_types:
        if "__new__" in vars(cls) and not cls.__flags__ & IMMUTABLE_TYPE:
            try:
                cls.__new__ = _refuse_bridge_object
            except (TypeError, AttributeError):
                pass

    asyncio = sys.modules.get("asyncio")
    if asyncio is not None:
        try:
            asyncio.events._set_running_loop(None)
            asyncio.set_event_loop_policy(None)
        except Exception:
            pass

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
    # The bridge's own types: Pyodide's modules, and _pyodide_core's C types that call themselves builtins (the
    # converters, JsFuncSignature). Objects of the socket and asyncio types hold nothing of JavaScript.
    _sweep_bridge_references(
        gc,
        [
            cls
            for cls in bridge_types
            if (getattr(cls, "__module__", "") or "").split(".")[0] in BRIDGE_ROOTS or cls.__module__ == "builtins"
        ],
    )

    for name in GC_INTROSPECTION:
        setattr(gc, name, _refuse_introspection(name))
    gc.collect()

    sys.meta_path.insert(0, _RefuseHostModules())
    for module in (os, posix):
        for name in PROCESS_FUNCTIONS:
            if hasattr(module, name):
                setattr(module, name, _refused(name))
    os.environ.pop("_", None)
    # Called once, by the child; nothing is left for a script to call again.
    del here["vf_lockdown"]


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


def _compile(source):
    """The script's code object, or the failure to report: a SyntaxError with its line, or whatever else compile
    raises for a source it cannot take (MemoryError or RecursionError for one nested too deeply, ValueError), which
    must come back as the script's error rather than escape the harness and end the sandbox."""
    try:
        return compile(source, SCRIPT_FILE, "exec"), None
    except SyntaxError as error:
        line = error.lineno if error.filename == SCRIPT_FILE else None
        return None, _failure("syntax", f"{type(error).__name__}: {error.msg}", line)
    except BaseException as error:
        message = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        return None, _failure("syntax", message, None)


def vf_check(source):
    """Compiles the script and runs its top level; returns JSON {ok} or the error, without calling derive."""
    code, failure = _compile(source)
    if failure is not None:
        return failure
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
    code, failure = _compile(source)
    if failure is not None:
        return failure
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
