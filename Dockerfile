# The rules-engine gRPC service. Builds with `docker build -t rules-engine .` or
# `podman build --format docker -t rules-engine .` (plain Dockerfile syntax: no BuildKit frontend to
# fetch, no mounts in RUN), then `docker run --rm -p 50051:50051 rules-engine`. Configuration is by
# RULES_ENGINE_* environment variables or `serve` flags (see README.md), e.g.
# `docker run --rm -p 6000:6000 rules-engine serve --port 6000`: the health check follows the port the
# server actually listens on. TLS: mount the certificate folder read-only and name its files, e.g.
# `-v "$PWD/tls:/etc/rules-engine/tls:ro" -e RULES_ENGINE_TLS_CERT=/etc/rules-engine/tls/tls.crt
# -e RULES_ENGINE_TLS_KEY=/etc/rules-engine/tls/tls.key` (with ca.crt in that folder for the health check);
# the health check follows (see HEALTHCHECK below and README.md, "Running in a container").
#
# The base image is an argument so a release pipeline can pin it by digest:
#   --build-arg PYTHON_IMAGE=python:3.11-slim@sha256:<digest>
ARG PYTHON_IMAGE=python:3.11-slim

# ---- build: a virtualenv with the pinned dependencies, then our three packages -------------------
FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python3 -m venv /opt/rules-engine
# The dependency layer: only the lock file, so a source change does not rebuild it.
COPY deploy/requirements.lock /tmp/requirements.lock
RUN /opt/rules-engine/bin/pip install --no-deps -r /tmp/requirements.lock
WORKDIR /src
COPY VERSION pyproject.toml README.md ./
COPY contract/ contract/
COPY clients/python/ clients/python/
COPY engines/ engines/
COPY server/ server/
# Our packages alone (the contract, the client CLI, the server and its health check): every dependency is
# already installed from the lock file.
RUN /opt/rules-engine/bin/pip install --no-deps ./contract ./clients/python . \
    && /opt/rules-engine/bin/pip check

# ---- runtime ---------------------------------------------------------------------------------
FROM ${PYTHON_IMAGE}
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/rules-engine/bin:$PATH \
    RULES_ENGINE_PORT=50051 \
    RULES_ENGINE_PORT_FILE=/tmp/rules-engine.port \
    RULES_ENGINE_GRACE_SECONDS=8
# The two system libraries the Skia wheel that draws PNGs links to (server/drawing.py): nothing else of OpenGL.
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libgl1 libegl1 \
    && rm -rf /var/lib/apt/lists/*
# A real user and group, both 10001 (numeric, so Kubernetes' runAsNonRoot can verify it).
RUN groupadd --system --gid 10001 rules \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin rules
COPY --from=build /opt/rules-engine /opt/rules-engine
USER 10001:10001
WORKDIR /tmp
# gRPC; and the HTTP transport's port when it is opened (RULES_ENGINE_HTTP_PORT=8080: off by default).
EXPOSE 50051 8080
# grpc.health.v1 (server/healthcheck.py) on the port the server wrote once it listened
# (RULES_ENGINE_PORT_FILE, so `serve --port N` and RULES_ENGINE_PORT=N both work), speaking as the server
# does: plaintext, or TLS when RULES_ENGINE_TLS_CERT is set (trusting RULES_ENGINE_TLS_HEALTH_CA, else
# ca.crt beside the certificate) and, under mutual TLS, presenting RULES_ENGINE_TLS_HEALTH_CERT/_KEY, else the
# server's own certificate (which then needs clientAuth). Exit 0 only when the server says SERVING.
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
    CMD rules-engine-healthcheck --timeout 3 || exit 1
# SIGTERM (docker stop, Kubernetes) starts the server's graceful shutdown: 8 s of grace
# (RULES_ENGINE_GRACE_SECONDS) ends well inside `docker stop`'s default 10 s before it kills.
STOPSIGNAL SIGTERM
ENTRYPOINT ["rules-engine"]
CMD ["serve"]
