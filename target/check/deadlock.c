/* SPDX-License-Identifier: MIT */
/*
 * The spinlock deadlock detector's reports (kernel/bug.h): a spinner whose
 * lock is held by a context below it on the same CPU, or a cycle of
 * spinners across CPUs.  kernel/spinlock.c decides; this writes the report.
 */
#include "report.h"

#include "../kernel/bug.h"
#include "../kernel/cpu.h"
#include "../kernel/frame.h"

void deadlock_self(const raw_spinlock_t *l)
{
	struct task_struct *t = current;
	const char *where = frame_top(current);

	report_begin(REPORT_DEADLOCK, "CPU%d spins forever on %s in %s", smp_processor_id(),
		     lock_class_name(l->class_idx), where);
	report_printf("The context that wants %s runs on the same CPU as, and on top of, the\n"
		      "context that holds it: the holder cannot run again until the spinner\n"
		      "returns, and the spinner never returns.\n\n",
		      lock_class_name(l->class_idx));
	report_task(t, "spinning");
	report_printf("  lock %s was taken by %s in %s%s\n\n", lock_class_name(l->class_idx),
		      task_name(l->owner), l->acquired_in ? l->acquired_in : "?",
		      l->owner == t ? ", lower on this same stack" : "");
	if (l->owner != t)
		report_task(l->owner, "holding");
	report_end(lock_class_name(l->class_idx), where);
}

void deadlock_cycle(const raw_spinlock_t *l)
{
	int me = smp_processor_id();
	const raw_spinlock_t *w = l;
	const char *where = frame_top(current);

	report_begin(REPORT_DEADLOCK, "CPU%d spins forever on %s in %s: the spinners form a cycle",
		     me, lock_class_name(l->class_idx), where);
	report_printf("Each CPU below spins on a lock held by the next one; the last holds\n"
		      "the lock the first wants:\n\n");
	report_printf("  CPU%d wants %s, held by CPU%d (taken in %s)\n", me,
		      lock_class_name(w->class_idx), w->owner_cpu, w->acquired_in);
	for (int x = w->owner_cpu, i = 0; x != me && i < nr_cpu_ids; i++) {
		w = cpu_state[x].spinning_on;
		report_printf("  CPU%d wants %s, held by CPU%d (taken in %s)\n", x,
			      lock_class_name(w->class_idx), w->owner_cpu, w->acquired_in);
		x = w->owner_cpu;
	}
	report_printf("\n");
	report_task(current, "spinning");
	for (int x = l->owner_cpu, i = 0; x != me && i < nr_cpu_ids; i++) {
		report_task(cpu_state[x].spinner, "spinning");
		x = cpu_state[x].spinning_on->owner_cpu;
	}
	report_end(lock_class_name(l->class_idx), where);
}
