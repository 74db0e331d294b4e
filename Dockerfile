# Quarry on the official Swift image: build in release mode, run on the slim runtime image.
FROM swift:6.3-bookworm AS build
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libpq-dev libargon2-dev libssl-dev libzxcvbn-dev libcurl4-openssl-dev libvips-dev zlib1g-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources Sources
COPY Tests Tests
RUN swift build -c release --product quarry --static-swift-stdlib

FROM debian:bookworm-slim
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libpq5 libargon2-1 libssl3 libzxcvbn0 libcurl4 libvips42 ca-certificates tzdata \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /var/lib/quarry --create-home quarry
WORKDIR /app
COPY --from=build /src/.build/release/quarry /usr/local/bin/quarry
COPY schema schema
COPY db db
COPY web web
USER quarry
ENV QUARRY_HTTP_HOST=0.0.0.0 QUARRY_HTTP_PORT=8080 QUARRY_DATA_DIR=/var/lib/quarry
EXPOSE 8080
ENTRYPOINT ["quarry"]
CMD ["serve"]
