# OSS-Fuzz / ClusterFuzzLite build image: the base builder plus what build.sh needs.
FROM gcr.io/oss-fuzz-base/base-builder
RUN apt-get update && apt-get install -y make zip
COPY . $SRC/rcufuzz
WORKDIR $SRC/rcufuzz
COPY build.sh $SRC/
