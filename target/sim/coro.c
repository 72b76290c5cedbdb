/* SPDX-License-Identifier: MIT */
/* Coroutine switching: see coro.h. */
#include "coro.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CORO_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define CORO_ASAN 1
#endif

#ifdef CORO_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#define CORO_STACK_SIZE (512u * 1024u)
#else
#define CORO_STACK_SIZE (64u * 1024u)
#endif

struct coro coro_main;

/* The coroutine being started, read by the trampoline. */
static struct coro *coro_starting;

size_t coro_stack_size(void)
{
	return CORO_STACK_SIZE;
}

/*
 * ASan must know which stack is live.  Before a switch, announce the target
 * stack; after it, in the resumed coroutine, confirm.  The main coroutine's
 * stack bounds are learned from the first switch away from it.
 */
#ifdef CORO_ASAN
static const void *main_stack_bottom;
static size_t main_stack_size;
#endif

static void asan_before(struct coro *from, struct coro *to, int final)
{
#ifdef CORO_ASAN
	const void *bottom = to == &coro_main ? main_stack_bottom : to->stack;
	size_t size = to == &coro_main ? main_stack_size : to->stack_size;

	__sanitizer_start_switch_fiber(final ? NULL : &from->asan_fake_stack, bottom, size);
	if (final)
		from->asan_fake_stack = NULL; /* ASan freed it with the fiber */
#else
	(void)from, (void)to, (void) final;
#endif
}

static void asan_after(struct coro *self, struct coro *from)
{
#ifdef CORO_ASAN
	const void *old_bottom;
	size_t old_size;

	__sanitizer_finish_switch_fiber(self->asan_fake_stack, &old_bottom, &old_size);
	if (from == &coro_main && main_stack_bottom == NULL) {
		main_stack_bottom = old_bottom;
		main_stack_size = old_size;
	}
#else
	(void)self, (void)from;
#endif
}

/* Where a coroutine switched in from: consumed by asan_after in the target. */
static struct coro *coro_prev;

static void *stack_alloc(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		fprintf(stderr, "rcufuzz: coroutine stack: out of memory\n");
		abort();
	}
	return p;
}

/* Give c its stack (once) and its entry; the stack is reused by later inputs. */
static void coro_reset(struct coro *c, void (*fn)(void *), void *arg)
{
	if (c->stack == NULL) {
		c->stack_size = CORO_STACK_SIZE;
		c->stack = stack_alloc(c->stack_size);
	}
#ifdef CORO_ASAN
	/* Frames abandoned by the previous input leave poison behind. */
	ASAN_UNPOISON_MEMORY_REGION(c->stack, c->stack_size);
#endif
	c->fn = fn;
	c->arg = arg;
	/*
	 * c->asan_fake_stack stays: a coroutine abandoned by the previous input
	 * (switched away from, never resumed) still owns the fake stack of
	 * use-after-return detection that ASan handed it, and only a final
	 * switch frees one.  Dropping the handle leaked it, about 1 MB an
	 * abandoned coroutine under OSS-Fuzz's max_uar_stack_size_log=16, and
	 * ran a libFuzzer target out of memory within seconds.  Reused, it is
	 * swept on the coroutine's first call (coro_trampoline()).
	 */
}

static void coro_trampoline(void)
{
	struct coro *self = coro_starting;

	asan_after(self, coro_prev);
#ifdef CORO_ASAN
	/*
	 * The fake frames of an abandoned earlier run on this stack are all
	 * below us: mark them for ASan's sweep, which frees the frames below
	 * the stack pointer at the next fake-frame allocation.
	 */
	__asan_handle_no_return();
#endif
	self->fn(self->arg);
	/* Coroutine entries end by switching away for good. */
	abort();
}

#if CORO_ASM
/*
 * rcufuzz_coro_swap(save, next): push the callee-saved registers, store the
 * stack pointer into *save, load next, pop, return into the other coroutine.
 */
void rcufuzz_coro_swap(void **save, void *next);
__asm__(".text\n"
	".globl rcufuzz_coro_swap\n"
	".type rcufuzz_coro_swap,@function\n"
	"rcufuzz_coro_swap:\n"
	"\tpushq %rbp\n"
	"\tpushq %rbx\n"
	"\tpushq %r12\n"
	"\tpushq %r13\n"
	"\tpushq %r14\n"
	"\tpushq %r15\n"
	"\tmovq %rsp, (%rdi)\n"
	"\tmovq %rsi, %rsp\n"
	"\tpopq %r15\n"
	"\tpopq %r14\n"
	"\tpopq %r13\n"
	"\tpopq %r12\n"
	"\tpopq %rbx\n"
	"\tpopq %rbp\n"
	"\tret\n"
	".size rcufuzz_coro_swap,.-rcufuzz_coro_swap\n"
	".section .note.GNU-stack,\"\",@progbits\n"
	".text\n");

static void coro_start_entry(void)
{
	coro_trampoline();
}

void coro_prepare(struct coro *c, void (*fn)(void *), void *arg)
{
	uintptr_t top;
	void **sp;

	coro_reset(c, fn, arg);
	top = ((uintptr_t)c->stack + c->stack_size) & ~(uintptr_t)15;
	sp = (void **)top;
	*--sp = NULL;			  /* fake return address: keeps the ABI alignment */
	*--sp = (void *)coro_start_entry; /* "returned" into by the first swap */
	for (int i = 0; i < 6; i++)
		*--sp = NULL; /* rbp rbx r12 r13 r14 r15 */
	c->sp = sp;
}

static void coro_do_switch(struct coro *from, struct coro *to, int final)
{
	coro_prev = from;
	coro_starting = to;
	asan_before(from, to, final);
	rcufuzz_coro_swap(&from->sp, to->sp);
	asan_after(from, coro_prev);
}
#else
static void coro_start_entry(void)
{
	coro_trampoline();
}

void coro_prepare(struct coro *c, void (*fn)(void *), void *arg)
{
	coro_reset(c, fn, arg);
	getcontext(&c->uc);
	c->uc.uc_stack.ss_sp = c->stack;
	c->uc.uc_stack.ss_size = c->stack_size;
	c->uc.uc_link = NULL;
	makecontext(&c->uc, coro_start_entry, 0);
}

static void coro_do_switch(struct coro *from, struct coro *to, int final)
{
	coro_prev = from;
	coro_starting = to;
	asan_before(from, to, final);
	swapcontext(&from->uc, &to->uc);
	asan_after(from, coro_prev);
}
#endif

void coro_switch(struct coro *from, struct coro *to)
{
	coro_do_switch(from, to, 0);
}

void coro_switch_final(struct coro *from, struct coro *to)
{
	coro_do_switch(from, to, 1);
}
