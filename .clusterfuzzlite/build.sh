#!/bin/bash -eu
# ClusterFuzzLite runs this from $SRC: the project's own build.sh does the work.
exec "$SRC/rcufuzz/build.sh"
