/**
 * A modal question with a destructive answer (delete, reset): the native <dialog>, so that Esc cancels and focus
 * stays inside. It opens with focus on Cancel, the answer that changes nothing (WAI-ARIA's alert dialog pattern):
 * React's autoFocus runs before showModal(), which then moved focus to the first link of the question.
 */
import { useEffect, useRef } from 'react';

interface Props {
  title: string;
  children: React.ReactNode;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, children, confirm, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    ref.current?.showModal();
    cancel.current?.focus();
  }, []);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="confirm-title" onCancel={onCancel} onClose={onCancel}>
      <h2 id="confirm-title">{title}</h2>
      <div>{children}</div>
      <div className="dialog-actions">
        <button type="button" ref={cancel} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
