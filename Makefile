# rcufuzz — `make` builds everything into out/, `make test` runs the tests.
CC ?= clang
ifeq ($(origin CC),default)
CC = clang
endif
WARN := -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter
BASE := $(WARN) -g -D_GNU_SOURCE -Itarget
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# Link-time optimization for the speed builds (the simulator's hot loop crosses
# many small files: ~30% more exec/s).  `make LTO=` turns it off.
LTO ?= -flto

# One object directory per build variant of the target.
plain_CFLAGS := $(BASE) -O2 $(LTO)
san_CFLAGS := $(BASE) -O1 $(SAN)

TARGET_SRC := $(sort $(wildcard target/*.c target/*/*.c))
TOOL_SRC := $(sort $(wildcard replay/*.c))
TEST_SRC := $(sort $(wildcard tests/*.c))

obj = $(patsubst %.c,out/obj/$(1)/%.o,$(2))
HDRS := $(shell find target replay tests -name '*.h' -o -name '*.def')

out/obj/plain/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	@echo '  CC      $<'
	@$(CC) $(plain_CFLAGS) -c $< -o $@
out/obj/san/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	@echo '  CC[san] $<'
	@$(CC) $(san_CFLAGS) -c $< -o $@

TOOL_OBJ = $(call obj,$(1),$(filter-out replay/main.c,$(TOOL_SRC)))

out/rcureplay: $(call obj,plain,$(TARGET_SRC) $(TOOL_SRC))
	@echo "  LD      $@"
	@$(CC) $(plain_CFLAGS) $^ -o $@
out/rcureplay-san: $(call obj,san,$(TARGET_SRC) $(TOOL_SRC))
	@echo "  LD[san] $@"
	@$(CC) $(san_CFLAGS) $^ -o $@
out/tests/unit: $(call obj,san,$(TARGET_SRC) $(TEST_SRC)) $(call TOOL_OBJ,san)
	@mkdir -p $(dir $@)
	@echo "  LD[san] $@"
	@$(CC) $(san_CFLAGS) $^ -o $@
# The golden run of behaviour-preserving changes (tests/golden.sh).
out/tests/golden: $(call obj,plain,$(TARGET_SRC) tests/golden/golden.c) $(call TOOL_OBJ,plain)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(plain_CFLAGS) $^ -o $@
out/bench/simbench: $(call obj,plain,$(TARGET_SRC) bench/simbench.c)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(plain_CFLAGS) $^ -o $@

# The fuzz targets, campaigns and their benchmark (fuzz/fuzz.mk) add to FUZZ_ALL.
FUZZ_ALL :=
-include fuzz/fuzz.mk

out/bench/blind: $(call obj,plain,$(TARGET_SRC) bench/blind.c)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(plain_CFLAGS) $^ -o $@

all: out/rcureplay out/rcureplay-san out/tests/unit $(FUZZ_ALL)
.PHONY: all test bench clean format
.DEFAULT_GOAL := all

test: out/tests/unit out/rcureplay $(FUZZ_ALL)
	./out/tests/unit
	tests/html/run.sh
	tests/oss-fuzz/check.sh

bench: out/bench/simbench
	./out/bench/simbench

clean:
	rm -rf out

format:
	clang-format -i $$(find target replay tests bench fuzz -name '*.[ch]')
