/**
 * Resolves once the browser has painted the frame after the current task (or after `fallbackMs` where frames do not
 * run, e.g. a hidden tab). A tap's handler awaits it before its heavy work, so the tap's first visible answer (the
 * pressed button) is painted at once and the work no longer counts in the tap's Interaction to Next Paint.
 */
export function afterNextPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(fallback);
      resolve();
    };
    const fallback = setTimeout(finish, fallbackMs);
    // The animation frame runs just before the paint; the task queued from it runs just after.
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(finish, 0));
  });
}
