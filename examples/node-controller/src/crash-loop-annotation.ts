/**
 * The annotation the controller keeps on crash-looping pods: the names of the containers in
 * `CrashLoopBackOff`, absent when none is. It is also the controller's memory: a pod that has it
 * was already reported, so every replica, after any restart, knows what was done.
 *
 * @example
 * ```ts
 * import { CRASH_LOOP_ANNOTATION } from './crash-loop-annotation.js';
 * const marked = (annotations: Record<string, string>) => CRASH_LOOP_ANNOTATION in annotations;
 * ```
 */
export const CRASH_LOOP_ANNOTATION = 'example.rxkube.dev/crash-loop';
