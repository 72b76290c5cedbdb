# Copyright 2026 the rcufuzz authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#      http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#
################################################################################

# OSS-Fuzz's projects/rcufuzz/Dockerfile.  The image is built from that
# directory alone, so the source is cloned from main_repo (project.yaml);
# base-builder already has git, make and zip.
FROM gcr.io/oss-fuzz-base/base-builder
RUN git clone --depth 1 https://github.com/rcufuzz/rcufuzz rcufuzz
WORKDIR $SRC/rcufuzz
COPY build.sh $SRC/
