/** Whether a key press lands in something the visitor is typing into. */
function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly && !target.disabled;
  if (target instanceof HTMLInputElement) {
    const nonText = ['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit'];
    return !nonText.includes(target.type) && !target.readOnly && !target.disabled;
  }
  return false;
}

/** Backspace outside an editable field would navigate back in some browsers and lose a half-filled wizard. */
export function blockBackspaceNavigation(doc: Document): () => void {
  const listener = (event: KeyboardEvent) => {
    if (event.key === 'Backspace' && !isEditableTarget(event.target)) event.preventDefault();
  };
  doc.addEventListener('keydown', listener);
  return () => doc.removeEventListener('keydown', listener);
}
