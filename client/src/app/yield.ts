/** Ends the current task: the browser may paint and handle input before the next piece of work. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
