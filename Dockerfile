# syntax=docker/dockerfile:1
# The rules-engine gRPC service: `docker build -t rules-engine .` then
# `docker run --rm -p 50051:50051 rules-engine`. Configuration is by RULES_ENGINE_* environment
# variables (see README.md), e.g. -e RULES_ENGINE_WORKERS=2 -e RULES_ENGINE_SIGNING_KEY=...

# ---- build: wheels of both packages and of every dependency ----------------------------------
FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY clients/python/ clients/python/
COPY pyproject.toml ./
COPY engines/ engines/
COPY server/ server/
# Both projects in one command, so `rules-engine`'s dependency on `rules-engine-client` is
# satisfied by the local client package, not looked up in a registry.
RUN pip wheel --wheel-dir /wheels ./clients/python .

# ---- runtime ---------------------------------------------------------------------------------
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    RULES_ENGINE_PORT=50051
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    pip install --no-index --find-links /wheels rules-engine rules-engine-client \
    && useradd --system --uid 10001 --user-group --no-create-home --shell /usr/sbin/nologin rules
# A numeric user, so Kubernetes' runAsNonRoot can verify it.
USER 10001:10001
WORKDIR /tmp
EXPOSE 50051
# grpc.health.v1 through the client CLI: exit 0 only when the server says SERVING.
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
    CMD rules-engine-client --target "127.0.0.1:${RULES_ENGINE_PORT}" --timeout 3 health || exit 1
# SIGTERM (docker stop, Kubernetes) starts the server's graceful shutdown.
STOPSIGNAL SIGTERM
ENTRYPOINT ["rules-engine"]
CMD ["serve"]
