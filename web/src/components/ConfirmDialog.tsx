/** A modal question with a destructive answer (delete, reset): the native <dialog>, so focus and Esc work. */
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
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="confirm-title" onCancel={onCancel} onClose={onCancel}>
      <h2 id="confirm-title">{title}</h2>
      <div>{children}</div>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="danger" onClick={onConfirm} autoFocus>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
