/* SPDX-License-Identifier: MIT */
/*
 * CPU hotplug as 3.0 does it on x86 (kernel/cpu.c, arch/x86/kernel/
 * smpboot.c): cpu_down() raises CPU_DOWN_PREPARE, stops the whole machine
 * to take the CPU down (__cpu_disable() and CPU_DYING on the dying CPU,
 * irqs off, every other CPU spinning irqs-off in its stopper), waits for
 * the dying CPU's idle loop to reach play_dead(), and raises CPU_DEAD;
 * cpu_up() raises CPU_UP_PREPARE, starts the CPU's idle loop and raises
 * CPU_ONLINE.  The notifiers that matter here: the scheduler's (migrate
 * tasks at CPU_DYING), RCU's (rcu_cpu_notify()), the timers' (migrate
 * them at CPU_DEAD) and the tick's.
 */
#ifndef RCUFUZZ_KERNEL_HOTPLUG_H
#define RCUFUZZ_KERNEL_HOTPLUG_H

void hotplug_init(void);

/* Keep the set of online CPUs stable (3.0 takes a reference; the model, the mutex). */
void get_online_cpus(void);
void put_online_cpus(void);

/* cpu_down()/cpu_up(), from a task.  0 on success, negative on failure. */
int cpu_down(int cpu);
int cpu_up(int cpu);

/* The dying CPU's idle loop parks it here, irqs off, until cpu_up() restarts it. */
_Noreturn void play_dead(void);

/* x86's per-CPU cpu_state is CPU_DEAD: @cpu has reached play_dead() (or never came up). */
int cpu_reached_play_dead(int cpu);

#endif
