/* SPDX-License-Identifier: MIT */
/*
 * Priority-sorted lists with the semantics of 3.0's include/linux/plist.h:
 * nodes in ascending ->prio (lower is more important), FIFO among equal
 * priorities, the first node the most important.  3.0 keeps a second list
 * of one node per priority to make the add O(number of priorities); the
 * model's lists hold a few waiters, so a plain walk does the same.
 */
#ifndef RCUFUZZ_KERNEL_PLIST_H
#define RCUFUZZ_KERNEL_PLIST_H

#include "list.h"

struct plist_head {
	struct list_head node_list; /* nodes by ->prio, FIFO among equals */
};

struct plist_node {
	int prio;		    /* the sort key */
	struct list_head node_list; /* in a plist_head's ->node_list */
};

static inline void plist_head_init(struct plist_head *head)
{
	INIT_LIST_HEAD(&head->node_list);
}

static inline void plist_node_init(struct plist_node *node, int prio)
{
	node->prio = prio;
	INIT_LIST_HEAD(&node->node_list);
}

static inline int plist_head_empty(const struct plist_head *head)
{
	return list_empty(&head->node_list);
}

/* Is @node on no list? */
static inline int plist_node_empty(const struct plist_node *node)
{
	return !list_linked(&node->node_list);
}

/* Add @node behind every node of its priority or a more important one. */
static inline void plist_add(struct plist_node *node, struct plist_head *head)
{
	struct list_head *pos;

	list_for_each(pos, &head->node_list)
		if (list_entry(pos, struct plist_node, node_list)->prio > node->prio)
			break;
	list_add_tail(&node->node_list, pos);
}

static inline void plist_del(struct plist_node *node, struct plist_head *head)
{
	(void)head;
	list_del_init(&node->node_list);
}

static inline struct plist_node *plist_first(const struct plist_head *head)
{
	return list_entry(head->node_list.next, struct plist_node, node_list);
}

#define plist_first_entry(head, type, member) container_of(plist_first(head), type, member)

#endif
