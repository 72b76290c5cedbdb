# rcufuzz — `make` builds everything into out/, `make test` runs the tests.
ifeq ($(origin CC),default)
CC = clang
endif
WARN := -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter
BASE := $(WARN) -g -D_GNU_SOURCE -Itarget
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# Link-time optimization for the speed builds (the simulator's hot loop crosses
# many small files: ~30% more exec/s).  `make LTO=` turns it off.
LTO ?= -flto

# Build variants: objects in out/obj/<variant>/, compiled with <variant>_CFLAGS
# (fuzz/fuzz.mk adds fuzzsan, fuzzplain and afl).
plain_CFLAGS := $(BASE) -O2 $(LTO)
san_CFLAGS := $(BASE) -O1 $(SAN)

TARGET_SRC := $(sort $(wildcard target/*.c target/*/*.c))
TOOL_SRC := $(sort $(wildcard replay/*.c))
TEST_SRC := $(sort $(wildcard tests/*.c))

obj = $(patsubst %.c,out/obj/$(1)/%.o,$(2))

# The object rule of build variant $(1): compiler $(2), $(1)_CFLAGS, log tag $(3).
# -MMD -MP: each object's headers go into a .d file beside it (included below).
# The model's sources (target/) put their static data in sections of their
# own, what the explorer's state hash reads (target/sim/sections.h).
MODEL_CFLAGS := -include target/sim/sections.h
define object_rule
out/obj/$(1)/%.o: %.c
	@mkdir -p $$(dir $$@)
	@printf '  %-8s%s\n' '$(3)' '$$<'
	@$(2) $$($(1)_CFLAGS) $$(if $$(filter target/%,$$<),$(MODEL_CFLAGS)) -MMD -MP -c $$< -o $$@
endef
$(eval $(call object_rule,plain,$(CC),CC))
$(eval $(call object_rule,san,$(CC),CC[san]))
# Source coverage of a corpus (fuzz/coverage.sh): clang's profile instrumentation.
cov_CFLAGS := $(BASE) -O1 -fprofile-instr-generate -fcoverage-mapping
$(eval $(call object_rule,cov,$(CC),CC[cov]))

TOOL_OBJ = $(call obj,$(1),$(filter-out replay/main.c,$(TOOL_SRC)))

# The programs and their objects; one link recipe per variant, below.
out/rcureplay: $(call obj,plain,$(TARGET_SRC) $(TOOL_SRC))
out/rcureplay-san: $(call obj,san,$(TARGET_SRC) $(TOOL_SRC))
out/tests/unit: $(call obj,san,$(TARGET_SRC) $(TEST_SRC) fuzz/mutator.c fuzz/sampler.c fuzz/neighbour.c fuzz/harness_explore.c out/gen/harnesses.c fuzz/afl_mutator.c) $(call TOOL_OBJ,san)
# The golden run of behaviour-preserving changes (tests/golden.sh).
out/tests/golden: $(call obj,plain,$(TARGET_SRC) tests/golden/golden.c) $(call TOOL_OBJ,plain)
# The benchmarks (bench/): never part of the tests.
out/bench/simbench: $(call obj,plain,$(TARGET_SRC) bench/simbench.c)
out/bench/blind: $(call obj,plain,$(TARGET_SRC) bench/blind.c)
out/bench/fastpath: $(call obj,plain,$(TARGET_SRC) bench/fastpath.c)

out/rcureplay out/tests/golden out/bench/simbench out/bench/blind out/bench/fastpath:
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(plain_CFLAGS) $^ -o $@
out/rcureplay-san out/tests/unit:
	@mkdir -p $(dir $@)
	@echo "  LD[san] $@"
	@$(CC) $(san_CFLAGS) $^ -o $@
out/rcureplay-cov: $(call obj,cov,$(TARGET_SRC) $(TOOL_SRC))
	@mkdir -p $(dir $@)
	@echo "  LD[cov] $@"
	@$(CC) $(cov_CFLAGS) $^ -o $@

# The fuzz targets, campaigns and their benchmark (fuzz/fuzz.mk) add to FUZZ_ALL.
FUZZ_ALL :=
-include fuzz/fuzz.mk

# Every object's (and fuzz target's) header dependencies, from -MMD.
-include $(shell find out/obj -name '*.d' 2>/dev/null)

all: out/rcureplay out/rcureplay-san out/tests/unit $(FUZZ_ALL)
.PHONY: all test bench clean format
.DEFAULT_GOAL := all

test: out/tests/unit out/rcureplay $(FUZZ_ALL)
	./out/tests/unit
	tests/oss-fuzz/rss.sh $(foreach p,$(CONTINUOUS_PRESETS),out/$(call fuzzer_name,$(p)))
	tests/html/run.sh
	tests/oss-fuzz/check.sh
	tests/shellcheck.sh

bench: out/bench/simbench
	./out/bench/simbench

clean:
	rm -rf out

format:
	clang-format -i $$(find target replay tests bench fuzz -name '*.[ch]')
