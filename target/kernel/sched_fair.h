/* SPDX-License-Identifier: MIT */
/* The CFS paths with RCU readers under scheduler locks (sched_fair.c, cpuacct). */
#ifndef RCUFUZZ_KERNEL_SCHED_FAIR_H
#define RCUFUZZ_KERNEL_SCHED_FAIR_H

#include "sched.h"

/* Charge the running task: cpuacct_charge() holds an RCU reader. Caller holds rq->lock. */
void update_curr(struct rq *rq);
/* The tick's accounting of the interrupted task: cpuacct_update_stats()'s RCU reader. */
void account_process_tick(struct task_struct *p);
/* Where to wake @p: its last CPU; the wakeup path's RCU readers. Caller holds p->pi_lock. */
int select_task_rq_fair(struct task_struct *p);
/* schedule() on an empty runqueue: its RCU readers with rq->lock dropped, irqs off. */
void idle_balance(int this_cpu, struct rq *this_rq);
/* The lowest online CPU @p may run on. */
int select_fallback_rq(struct task_struct *p);

#endif
