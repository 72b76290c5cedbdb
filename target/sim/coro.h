/* SPDX-License-Identifier: MIT */
/*
 * Coroutines: one preallocated stack per simulated task.
 *
 * A hand-written x86-64 register switch, with a ucontext fallback elsewhere.
 * ASan is told about every stack switch (fiber annotations), so sanitizer
 * builds see each task's stack as a stack.
 */
#ifndef RCUFUZZ_SIM_CORO_H
#define RCUFUZZ_SIM_CORO_H

#include <stddef.h>

#if defined(__x86_64__) && !defined(RCUFUZZ_PORTABLE_CORO)
#define CORO_ASM 1
#else
#define CORO_ASM 0
#include <ucontext.h>
#endif

struct coro {
#if CORO_ASM
	void *sp; /* saved stack pointer while switched out */
#else
	ucontext_t uc; /* saved context while switched out */
#endif
	void *stack;	       /* base of the preallocated stack */
	size_t stack_size;     /* its size in bytes */
	void (*fn)(void *);    /* entry; must never return */
	void *arg;	       /* its argument */
	void *asan_fake_stack; /* ASan's fake-stack handle while switched out */
};

/* The coroutine of the machine's main loop (runs on the thread's own stack). */
extern struct coro coro_main;

/* Give @c a stack from the pool (once) and make it start at fn(arg). */
void coro_prepare(struct coro *c, void (*fn)(void *), void *arg);

/* Save the running coroutine into @from and resume @to. */
void coro_switch(struct coro *from, struct coro *to);

/* Resume @to; the running coroutine is finished and never resumed again. */
void coro_switch_final(struct coro *from, struct coro *to);

/* Stack size of each coroutine (larger under sanitizers). */
size_t coro_stack_size(void);

#endif
