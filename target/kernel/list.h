/* SPDX-License-Identifier: MIT */
/*
 * Intrusive doubly-linked lists with the kernel's names and semantics, so that
 * ->blkd_tasks and the ->gp_tasks/->exp_tasks/->boost_tasks pointers into it
 * read as they do in kernel/rcutree_plugin.h.
 */
#ifndef RCUFUZZ_KERNEL_LIST_H
#define RCUFUZZ_KERNEL_LIST_H

#include <stddef.h>

struct list_head {
	struct list_head *next, *prev;
};

#define container_of(ptr, type, member) ((type *)((char *)(ptr)-offsetof(type, member)))
#define list_entry(ptr, type, member)	container_of(ptr, type, member)

static inline void INIT_LIST_HEAD(struct list_head *h)
{
	h->next = h;
	h->prev = h;
}

static inline int list_empty(const struct list_head *h)
{
	return h->next == h;
}

static inline void list_insert_between(struct list_head *n, struct list_head *prev,
				       struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

/* Insert @n right after @h (at the head of the list @h). */
static inline void list_add(struct list_head *n, struct list_head *h)
{
	list_insert_between(n, h, h->next);
}

/* Insert @n right before @h (at the tail of the list @h). */
static inline void list_add_tail(struct list_head *n, struct list_head *h)
{
	list_insert_between(n, h->prev, h);
}

static inline void list_del_init(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
	INIT_LIST_HEAD(e);
}

/* Is @e linked into some list?  (An unlinked entry points at itself.) */
static inline int list_linked(const struct list_head *e)
{
	return e->next != e;
}

#define list_for_each(pos, head) for ((pos) = (head)->next; (pos) != (head); (pos) = (pos)->next)

#endif
