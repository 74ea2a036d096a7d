#!/usr/bin/env bash
# (Kept in the repository so CI needs nothing else; .ci/container-check runs it.)
# container-base.sh: build and run the project's Dockerfile on a machine with no Docker daemon
# and no Docker Hub (only the Debian and PyPI registries reachable).
#
# USE (from the repository root, as root):
#
#     sudo .ci/container-base.sh && podman build --format docker -t rules-engine .
#     podman run -d -p 127.0.0.1:50051:50051 rules-engine
#     podman healthcheck run <container>      # no systemd here, so no periodic health checks
#
#   --format docker: podman's default OCI image format DROPS the Dockerfile's HEALTHCHECK (a
#   warning says so); `podman build -t rules-engine .` alone also works. Add --pull=never to be
#   sure nothing is pulled. Where the host has no iptables, build and run with --network=host.
#
# What it does, idempotently, printing each step:
#   1. apt-get installs podman (+ buildah, crun, netavark, ...) and mmdebstrap if missing.
#      Where crun cannot start containers (hybrid cgroups, rlimits this VM forbids raising), it
#      installs runc and writes /etc/containers/containers.conf.d/50-container-base.conf
#      (runtime = runc, default ulimits within the machine's limits).
#   2. If docker.io/library/python:3.11-slim is not in podman's local storage, builds a stand-in
#      for it: a Debian bookworm minbase root filesystem (mmdebstrap, from the SAME Debian
#      mirrors this host's apt uses, read from `apt-get indextargets`, security updates included)
#      plus python3 (3.11), python3-pip, python3-venv, ca-certificates, netbase, tzdata, passwd,
#      laid out like the official image: `python`, `python3`, `python3.11`, `pip`, `pip3` on
#      PATH in /usr/local/bin, `pip install` as root works (Debian's PEP 668 marker removed) and
#      installs to /usr/local, docs/man/locales left out as in debian:*-slim, CMD ["python3"].
#      Then `podman import`s it under that name, so `FROM python:3.11-slim` resolves locally and
#      nothing is pulled (the short name `python` is aliased to docker.io/library/python by
#      containers-common's shortnames.conf; podman build's default --pull=missing then uses the
#      local copy; add --pull=never to be strict).
#   3. So that `RUN pip ...` inside builds reaches PyPI the way this host does, the image gets
#      this host's extra CA certificates (/usr/local/share/ca-certificates, e.g. a TLS-inspecting
#      egress proxy's CA) and an /etc/pip.conf carrying the host's pip index-url /
#      extra-index-url / trusted-host / proxy settings, read at run time from `pip config list`
#      and PIP_* variables (only http(s) URLs are kept; file:// indexes do not exist in the image).
#      HTTP(S)_PROXY / NO_PROXY are passed into RUN steps by podman itself (--http-proxy=true).
#
# It is a STAND-IN: Debian's python3.11 (3.11.2 + Debian security patches) in /usr/bin, not the
# official image's python.org build in /usr/local; site-packages is
# /usr/local/lib/python3.11/dist-packages. Good enough to build, run and check the image here;
# not a substitute for the real base image in a release pipeline.
#
# Options (environment):  FORCE=1  rebuild the stand-in even if one exists (a real, pulled
#   python:3.11-slim is never replaced unless FORCE=1);  IMAGE=... another target name;
#   SUITE=bookworm;  KEEP_TAR=path  also keep the root filesystem tarball there.
# Exit status: 0 when the image is present at the end.
set -euo pipefail

IMAGE=${IMAGE:-docker.io/library/python:3.11-slim}
SUITE=${SUITE:-bookworm}
FORCE=${FORCE:-0}
MARK_LABEL=org.local.stand-in          # label set on images this script builds

say() { printf '[container-base] %s\n' "$*"; }
die() { printf '[container-base] ERROR: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "run as root: sudo $0"
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8

# ---- 1. tools ---------------------------------------------------------------------------------
missing=()
for pair in podman:podman buildah:buildah mmdebstrap:mmdebstrap crun:crun netavark:/usr/lib/podman/netavark; do
    pkg=${pair%%:*}; probe=${pair#*:}
    if [ "${probe#/}" != "$probe" ]; then [ -e "$probe" ] || missing+=("$pkg")
    else command -v "$probe" >/dev/null 2>&1 || missing+=("$pkg"); fi
done
if [ ${#missing[@]} -gt 0 ]; then
    say "installing with apt-get: ${missing[*]}"
    if ! apt-get install -y -q "${missing[@]}" >/dev/null 2>&1; then
        say "apt-get install failed; running apt-get update first"
        apt-get update -q >/dev/null
        apt-get install -y -q "${missing[@]}" >/dev/null
    fi
else
    say "podman, buildah, crun, netavark, mmdebstrap: already installed"
fi
say "$(podman --version)"

# ---- 2. already there? ------------------------------------------------------------------------
need_build=1
if podman image exists "$IMAGE"; then
    mark=$(podman image inspect --format "{{ index .Labels \"$MARK_LABEL\" }}" "$IMAGE" 2>/dev/null || true)
    if [ "$FORCE" = 1 ]; then
        say "FORCE=1: rebuilding $IMAGE"
    elif [ -n "$mark" ] && [ "$mark" != "<no value>" ]; then
        say "$IMAGE already present (stand-in built $mark); not rebuilt (FORCE=1 rebuilds)"; need_build=0
    else
        say "$IMAGE already present (not built by this script, e.g. pulled); left alone"; need_build=0
    fi
fi

build_image() {
# ---- 3. Debian sources, exactly as this host's apt has them ------------------------------------
work=$(mktemp -d /var/tmp/container-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
# One line per (repository, suite) for SUITE, SUITE-updates, SUITE-security, component main.
apt-get indextargets --no-release-info --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' \
        'Identifier: Packages' 'Component: main' 2>/dev/null |
    awk -v s="$SUITE" '$2==s || $2==s"-updates" || $2==s"-security" {print $1, $2}' | sort -u \
    > "$work/suites"
if ! grep -q " $SUITE\$" "$work/suites"; then
    say "no '$SUITE main' index known to apt yet; running apt-get update"
    apt-get update -q >/dev/null
    apt-get indextargets --no-release-info --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' \
            'Identifier: Packages' 'Component: main' 2>/dev/null |
        awk -v s="$SUITE" '$2==s || $2==s"-updates" || $2==s"-security" {print $1, $2}' | sort -u \
        > "$work/suites"
    grep -q " $SUITE\$" "$work/suites" || die "this host's apt has no Debian '$SUITE main' source"
fi
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -f "$keyring" ] || die "$keyring missing (apt-get install debian-archive-keyring)"
: > "$work/sources.list"
while read -r uri suite; do
    echo "deb [signed-by=$keyring] $uri $suite main" >> "$work/sources.list"
done < "$work/suites"
say "Debian sources (from this host's apt configuration):"
sed 's/^/[container-base]     /' "$work/sources.list"

# apt options of the host that matter for fetching: proxies, and Check-Valid-Until=false
# (a snapshot mirror's Release files are past their Valid-Until).
aptopts=()
while IFS= read -r line; do
    aptopts+=(--aptopt="$line")
    say "apt option carried over: $line"
done < <(apt-config dump 2>/dev/null |
         grep -E '^Acquire::(https?::Proxy|Check-Valid-Until|Check-Date) ')

# ---- 4. pip settings of the host, for the image's /etc/pip.conf ---------------------------------
pip_user=${SUDO_USER:-root}
pipcfg=""
if command -v pip3 >/dev/null 2>&1 || command -v pip >/dev/null 2>&1; then
    pipbin=$(command -v pip3 || command -v pip)
    if [ "$pip_user" != root ] && command -v sudo >/dev/null 2>&1; then
        pipcfg=$(sudo -u "$pip_user" -H "$pipbin" config list 2>/dev/null || true)
    else
        pipcfg=$("$pipbin" config list 2>/dev/null || true)
    fi
fi
pip_get() {   # last value among global./install./download./:env:. for key $1, then env PIP_*
    local key=$1 envname val
    val=$(printf '%s\n' "$pipcfg" | grep -E "^(global|install|wheel|download|:env:)\.${key}=" |
          tail -n 1 | sed -E "s/^[^=]*=//; s/^'(.*)'\$/\\1/" || true)
    envname=PIP_$(echo "$key" | tr 'a-z-' 'A-Z_')
    [ -n "${!envname:-}" ] && val=${!envname}
    printf '%s' "$val"
}
http_only() { local u out=""; for u in $1; do case $u in http://*|https://*) out="$out $u";; esac; done; echo "${out# }"; }
index_url=$(http_only "$(pip_get index-url)")
extra_index=$(http_only "$(pip_get extra-index-url)")
trusted=$(pip_get trusted-host)
pproxy=$(pip_get proxy)
{
    echo "[global]"
    echo "# Written by container-base.sh from the building host's pip configuration."
    echo "cert = /etc/ssl/certs/ca-certificates.crt"
    [ -n "$index_url" ]   && echo "index-url = $index_url"
    [ -n "$extra_index" ] && echo "extra-index-url = $extra_index"
    [ -n "$trusted" ]     && echo "trusted-host = $trusted"
    [ -n "$pproxy" ]      && echo "proxy = $pproxy"
    true
} > "$work/pip.conf"
say "image /etc/pip.conf: index-url=${index_url:-<pip default>} extra-index-url=${extra_index:-<none>}${trusted:+ trusted-host=set}${pproxy:+ proxy=set}"

# Extra CA certificates of this host (a TLS-inspecting egress proxy's CA, for instance).
mkdir -p "$work/ca"
ncas=0
for c in /usr/local/share/ca-certificates/*.crt /usr/local/share/ca-certificates/*/*.crt; do
    [ -f "$c" ] || continue
    cp "$c" "$work/ca/$(basename "$c")"; ncas=$((ncas + 1))
done
say "extra CA certificates carried into the image: $ncas"

# ---- 5. root filesystem -----------------------------------------------------------------------
cat > "$work/customize.sh" <<'EOF'
#!/bin/sh
# mmdebstrap customize hook: $1 is the new root filesystem. Runs on the host.
set -eu
root=$1 work=$2
cp "$work"/ca/*.crt "$root/usr/local/share/ca-certificates/" 2>/dev/null || true
chroot "$root" update-ca-certificates >/dev/null 2>&1 || chroot "$root" update-ca-certificates
install -m 0644 "$work/pip.conf" "$root/etc/pip.conf"
# pip as root installs into /usr/local like the official image (PEP 668 marker removed).
rm -f "$root"/usr/lib/python3*/EXTERNALLY-MANAGED
pyver=$(chroot "$root" python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
for n in python python3 "python$pyver"; do ln -sf "/usr/bin/python$pyver" "$root/usr/local/bin/$n"; done
for n in pip pip3 "pip$pyver"; do ln -sf /usr/bin/pip3 "$root/usr/local/bin/$n"; done
chroot "$root" python3 -c 'import sys, ssl, venv, ensurepip; print(sys.version)' > "$work/pyversion"
# Keep the image small, as debian:*-slim does.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb \
       "$root"/var/log/apt/* "$root"/var/log/dpkg.log "$root"/var/log/alternatives.log
find "$root/usr/lib/python3" "$root/usr/lib/python$pyver" -name __pycache__ -prune -exec rm -rf {} + 2>/dev/null || true
EOF
chmod +x "$work/customize.sh"

say "building the $SUITE root filesystem with mmdebstrap (a few minutes) ..."
mmdebstrap --variant=minbase --mode=root --format=tar \
    --include=ca-certificates,netbase,tzdata,passwd,python3,python3-pip,python3-venv \
    --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    "${aptopts[@]}" \
    --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-include=/usr/share/locale/locale.alias' \
    --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/lintian/*' \
    --customize-hook="$work/customize.sh \"\$1\" $work" \
    "$SUITE" "$work/rootfs.tar" "$work/sources.list" > "$work/mmdebstrap.log" 2>&1 \
    || { tail -n 40 "$work/mmdebstrap.log" >&2; die "mmdebstrap failed"; }
pyfull=$(head -n 1 "$work/pyversion" | awk '{print $1}')
say "root filesystem: $(du -h "$work/rootfs.tar" | cut -f1) tar, Python $pyfull"
[ -n "${KEEP_TAR:-}" ] && cp "$work/rootfs.tar" "$KEEP_TAR" && say "kept tarball at $KEEP_TAR"

# ---- 6. image ---------------------------------------------------------------------------------
built=$(date -u +%Y-%m-%dT%H:%M:%SZ)
id=$(podman import \
    --change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV LANG=C.UTF-8' \
    --change "ENV PYTHON_VERSION=$pyfull" \
    --change "LABEL $MARK_LABEL=$built" \
    --change "LABEL org.opencontainers.image.description=Local stand-in for python:3.11-slim: Debian $SUITE + Debian python3 $pyfull" \
    --change 'CMD ["python3"]' \
    --message "container-base.sh: Debian $SUITE + python3 $pyfull" \
    "$work/rootfs.tar" "$IMAGE")
id=${id#sha256:}
say "imported $IMAGE as ${id:0:12}"

}   # end of build_image
[ "$need_build" = 1 ] && build_image

# ---- 7. can podman start containers here? ------------------------------------------------------
# On some VMs crun refuses hybrid cgroups ("cgroups in hybrid mode not supported") and raising
# RLIMIT_NOFILE / RLIMIT_NPROC to podman's defaults (1048576 / 4194304) is not permitted. Then:
# runc as the runtime, and default ulimits within this machine's limits, in a containers.conf
# drop-in (read by podman run AND podman build's RUN steps).
dropin=/etc/containers/containers.conf.d/50-container-base.conf
probe() { podman run --rm --pull=never --network=none "$IMAGE" true > "$1" 2>&1; }
errlog=$(mktemp)
if probe "$errlog"; then
    say "podman can run containers with its current configuration"
else
    say "podman run failed: $(grep -m1 -i error "$errlog" || tail -n 1 "$errlog")"
    command -v runc >/dev/null 2>&1 || { say "installing runc"; apt-get install -y -q runc >/dev/null 2>&1 || { apt-get update -q >/dev/null; apt-get install -y -q runc >/dev/null; }; }
    nofile=$(ulimit -Hn); nproc=$(ulimit -Hu)
    pidmax=$(cat /proc/sys/kernel/pid_max 2>/dev/null || echo 32768)
    [ "$nofile" = unlimited ] && nofile=1048576
    { [ "$nproc" = unlimited ] || [ "$nproc" -gt "$pidmax" ]; } && nproc=$pidmax
    mkdir -p "$(dirname "$dropin")"
    cat > "$dropin" <<EOF
# Written by container-base.sh: crun could not start containers on this machine.
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]

[engine]
runtime = "runc"
EOF
    say "wrote $dropin (runtime=runc, nofile=$nofile, nproc=$nproc)"
    probe "$errlog" || { cat "$errlog" >&2; rm -f "$errlog"; die "podman still cannot run containers"; }
    say "podman can run containers now"
fi
rm -f "$errlog"

# ---- 8. smoke test ----------------------------------------------------------------------------
podman run --rm --pull=never --network=none "$IMAGE" sh -c \
    'python --version && pip --version && command -v useradd >/dev/null && echo useradd: ok' \
    | sed 's/^/[container-base]   image: /'
say "image size: $(podman image inspect --format '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1/1e6}')"
say "done. Next: podman build --format docker -t rules-engine .   (--format docker keeps HEALTHCHECK;"
say "      add --pull=never to forbid pulling; this machine has no systemd, so podman runs no"
say "      periodic health checks: use 'podman healthcheck run <container>')"
