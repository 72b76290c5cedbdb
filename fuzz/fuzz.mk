# Fuzz targets, included by the top Makefile.  One binary per preset:
#   out/<name>_fuzzer         libFuzzer + ASan + UBSan + the schedule-aware mutator (the default build)
#   out/plain/<name>_fuzzer   libFuzzer, -O2, no sanitizers (speed)
#   out/afl/<name>_fuzzer     AFL++ (afl-clang-fast + libAFLDriver)   `make afl`
#   out/afl/rcufuzz-mutator.so  the schedule-aware mutator for AFL++    `make afl`
# with <name>.dict, <name>.options and <name>_seed_corpus/ beside each.

PRESETS := $(shell fuzz/presets.sh)
# The targets shipped for continuous fuzzing (build.sh, docs/oss-fuzz.md).
CONTINUOUS_PRESETS := $(shell fuzz/presets.sh continuous)
fuzzer_name = $(subst +,_,$(subst .,_,$(1)))_fuzzer
# misuse+<cure> targets run in misuse mode (fuzz/target.c): their dictionary has its ops.
dict_of = $(if $(filter misuse+%,$(1)),out/rcufuzz-misuse.dict,out/rcufuzz.dict)
FUZZERS := $(foreach p,$(PRESETS),$(call fuzzer_name,$(p)))

# Interleaving feedback as libFuzzer extra counters.  No comparison tracing:
# every byte is taken modulo its range, so there is no magic value for
# libFuzzer to solve, and tracing cost 30% of the run time.  No indirect-call
# tracing: libFuzzer files caller/callee pairs only in its value profile,
# which no campaign here turns on (-use_value_profile), and the simulator
# makes indirect calls at every step (the point hook): 12% of the run time
# (bench/results/drain-2026-12-06.md).
FUZZ_COUNTERS := -DRCUFUZZ_LIBFUZZER_COUNTERS -fno-sanitize-coverage=trace-cmp,indirect-calls
fuzzsan_CFLAGS := $(BASE) -O1 -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer $(FUZZ_COUNTERS)
# ThinLTO: full LTO crashes clang 14's linker on some of these targets.
fuzzplain_CFLAGS := $(BASE) -O2 $(subst -flto,-flto=thin,$(LTO)) -fsanitize=fuzzer-no-link $(FUZZ_COUNTERS)
AFL_CC ?= afl-clang-fast
AFL_DRIVER ?= /usr/lib/afl/libAFLDriver.a
afl_CFLAGS := $(BASE) -O2 -DRCUFUZZ_AFL

$(eval $(call object_rule,fuzzsan,$(CC),CC[fz]))
$(eval $(call object_rule,fuzzplain,$(CC),CC[fzp]))
$(eval $(call object_rule,afl,AFL_QUIET=1 $(AFL_CC),CC[afl]))

# $(1) preset, $(2) output dir, $(3) object variant, $(4) compiler, $(5) flags, $(6) link flags,
# $(7) more sources to link (the mutator's).
# fuzz/target.c is compiled per preset; its headers go to
# out/obj/$(3)/fuzz/<output dir's name>-<target>.d (two output dirs share a variant).
define fuzz_target
$(2)/$(call fuzzer_name,$(1)): fuzz/target.c $(call obj,$(3),$(TARGET_SRC) $(7))
	@mkdir -p $(2) out/obj/$(3)/fuzz
	@echo '  LD      $$@'
	@$(4) $(5) '-DRCUFUZZ_PRESET="$(1)"' -MMD -MP -MF out/obj/$(3)/fuzz/$(notdir $(2))-$(call fuzzer_name,$(1)).d \
		fuzz/target.c $(call obj,$(3),$(TARGET_SRC) $(7)) $(6) -o $$@
endef
fuzzsan_LDFLAGS := -fsanitize=fuzzer,address,undefined
# The default build carries the schedule-aware mutator and its sampler
# (mutator.h, sampler.h), as the OSS-Fuzz targets do: the engine a user
# meets first is the best one measured (docs/searching.md).
MUTATOR_SRC := fuzz/mutator.c fuzz/sampler.c out/gen/harnesses.c
# The libFuzzer targets' mutator runs the model too: the harness exploration
# (fuzz/harness_explore.h, the explorer of replay/explore.h) and the
# exploration stage (fuzz/neighbour.h, RCUFUZZ_EXPLORE_STAGE=1).
EXPLORER_SRC := replay/explore.c replay/state.c replay/minimize.c
TARGET_MUTATOR_SRC := $(MUTATOR_SRC) fuzz/neighbour.c fuzz/harness_explore.c $(EXPLORER_SRC)
# The harnesses built into the mutator (fuzz/harnesses.h, MUT_HARNESS).
out/gen/harnesses.c: fuzz/genharness.sh out/rcureplay $(wildcard corpus/harness/*.scn)
	@mkdir -p $(dir $@)
	@echo '  GEN     $@'
	@fuzz/genharness.sh out/rcureplay $@ $(sort $(wildcard corpus/harness/*.scn))
$(foreach p,$(PRESETS),$(eval $(call fuzz_target,$(p),out,fuzzsan,$(CC),$(fuzzsan_CFLAGS) -DRCUFUZZ_MUTATOR,$(fuzzsan_LDFLAGS),$(TARGET_MUTATOR_SRC))))
$(foreach p,$(PRESETS),$(eval $(call fuzz_target,$(p),out/plain,fuzzplain,$(CC),$(fuzzplain_CFLAGS),-fsanitize=fuzzer)))
$(foreach p,$(PRESETS),$(eval $(call fuzz_target,$(p),out/afl,afl,AFL_QUIET=1 $(AFL_CC),$(afl_CFLAGS),$(AFL_DRIVER))))
# The released kernels fuzzed in misuse mode too (the restrictions' ops): the
# plain build under out/plain/misuse/, with the misuse dictionary
# (docs/findings/tiny-preempt-rcu.md).  Not part of any default target.
MISUSE_MODE_PRESETS := v3.0 tiny-v3.0
$(foreach p,$(MISUSE_MODE_PRESETS),$(eval $(call fuzz_target,$(p),out/plain/misuse,fuzzplain,$(CC),$(fuzzplain_CFLAGS) -DRCUFUZZ_MODE=MODE_MISUSE,-fsanitize=fuzzer)))
# The schedule-aware mutator (fuzz/mutator.h): the plain build with libFuzzer's
# custom mutator and crossover, under out/plain/mut/ (bench/zoo.sh's "mutator").
$(foreach p,$(PRESETS),$(eval $(call fuzz_target,$(p),out/plain/mut,fuzzplain,$(CC),$(fuzzplain_CFLAGS) -DRCUFUZZ_MUTATOR,-fsanitize=fuzzer,$(TARGET_MUTATOR_SRC))))

# The same mutator as an AFL++ custom mutator library (fuzz/afl_mutator.c):
# AFL_CUSTOM_MUTATOR_LIBRARY=out/afl/rcufuzz-mutator.so (bench/zoo.sh's "afl-mutator").
pic_CFLAGS := $(BASE) -O2 -fPIC
$(eval $(call object_rule,pic,$(CC),CC[pic]))
# It runs the model too: the harness exploration, with RCUFUZZ_PRESET (afl_mutator.c).
AFL_MUTATOR_SRC := fuzz/afl_mutator.c $(MUTATOR_SRC) fuzz/harness_explore.c $(EXPLORER_SRC) $(TARGET_SRC)
out/afl/rcufuzz-mutator.so: $(call obj,pic,$(AFL_MUTATOR_SRC))
	@mkdir -p $(dir $@)
	@echo '  LD      $@'
	@$(CC) $(pic_CFLAGS) -shared -Wl,--no-undefined $^ -o $@

# The directed search (fuzz/search.c, docs/searching.md): harness scenarios, sampled schedules.
out/rcusearch: $(call obj,plain,fuzz/search.c fuzz/sampler.c $(TARGET_SRC)) $(call TOOL_OBJ,plain)
	@echo '  LD      $@'
	@$(CC) $(plain_CFLAGS) $^ -o $@
FUZZ_ALL += out/rcusearch

out/gendict: $(call obj,plain,fuzz/gendict.c $(TARGET_SRC))
	@echo '  LD      $@'
	@$(CC) $(plain_CFLAGS) $^ -o $@
out/rcufuzz.dict: out/gendict
	@./out/gendict > $@
out/rcufuzz-misuse.dict: out/gendict
	@./out/gendict misuse > $@

# Dictionary, options and seed corpus for each target: the clean scenarios
# and the harnesses (corpus/harness/: workloads whose schedules the
# mutator's MUT_RESAMPLE draws) that run clean under its preset (an
# inject-<id> preset's bug may be one of them, and a seed corpus holds no
# crash).
mode_of = $(if $(filter misuse+%,$(1)),misuse,strict)
define fuzz_extras
out/$(call fuzzer_name,$(1)).dict: $(call dict_of,$(1))
	@cp $$< $$@
out/$(call fuzzer_name,$(1)).options:
	@printf '[libfuzzer]\ndict = $(call fuzzer_name,$(1)).dict\nmax_len = 1024\nlen_control = 0\n' > $$@
out/$(call fuzzer_name,$(1))_seed_corpus: out/rcureplay $(wildcard corpus/clean/*.scn corpus/harness/*.scn)
	@rm -rf $$@ && mkdir -p $$@
	@for s in corpus/clean/*.scn corpus/harness/*.scn; do \
		f=$$@/$$$$(basename $$$$(dirname $$$$s))-$$$$(basename $$$$s .scn); \
		./out/rcureplay --compile $$$$s -o $$$$f; \
		./out/rcureplay --preset $(1) --mode $(call mode_of,$(1)) $$$$f >/dev/null 2>&1 || rm $$$$f; \
	done
endef
$(foreach p,$(PRESETS),$(eval $(call fuzz_extras,$(p))))

FUZZ_SAN := $(foreach f,$(FUZZERS),out/$(f) out/$(f).dict out/$(f).options out/$(f)_seed_corpus)
FUZZ_ALL += $(FUZZ_SAN)
.PHONY: fuzzers fuzzers-plain fuzzers-misuse fuzzers-mutator afl fuzz
fuzzers: $(FUZZ_SAN)
fuzzers-plain: $(foreach f,$(FUZZERS),out/plain/$(f))
fuzzers-misuse: $(foreach p,$(MISUSE_MODE_PRESETS),out/plain/misuse/$(call fuzzer_name,$(p))) out/rcufuzz-misuse.dict
fuzzers-mutator: $(foreach f,$(FUZZERS),out/plain/mut/$(f))
afl: $(foreach f,$(FUZZERS),out/afl/$(f)) out/afl/rcufuzz-mutator.so

# The main job: find the trainwreck from the seed corpus, minimize it, show it.
FUZZ_PRESET ?= v3.0-rc7
FUZZ_SECONDS ?= 300
fuzz: out/rcureplay out/$(call fuzzer_name,$(FUZZ_PRESET)) out/$(call fuzzer_name,$(FUZZ_PRESET)).dict out/$(call fuzzer_name,$(FUZZ_PRESET))_seed_corpus
	@fuzz/main-job.sh $(FUZZ_PRESET) $(FUZZ_SECONDS)
