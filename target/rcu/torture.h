/* SPDX-License-Identifier: MIT */
/*
 * The part of 3.0's rcutorture (kernel/rcutorture.c) the model runs when
 * RCU_TORTURE_FQS=y: its force-quiescent-state kthread, rcu_torture_fqs,
 * with torture_type "rcu".  rcutorture's readers and writers are the
 * workload's; its stutter, shuffle, stats and boost kthreads are left out.
 */
#ifndef RCUFUZZ_RCU_TORTURE_H
#define RCUFUZZ_RCU_TORTURE_H

/*
 * rcu_torture_init()'s part for the fqs kthread, after the early
 * initcalls and smp_init(): nothing unless RCU_TORTURE_FQS=y.  @early: on
 * the main loop before any CPU has run (a run that starts booted), where
 * the kthread is queued runnable as kthread_run()'s wakeup leaves it.
 */
void rcu_torture_init(int early);

#endif
