import { useEffect, useRef } from 'react';
import { SHORTCUTS } from '../keyboard.js';

export function HelpDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="help-title" onClose={onClose}>
      <h2 id="help-title">Keyboard shortcuts</h2>
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys}>
              <th scope="row">
                <kbd>{s.keys}</kbd>
              </th>
              <td>{s.does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>They work inside the message preview too.</p>
      <div className="dialog-actions">
        <button type="button" onClick={() => ref.current?.close()} autoFocus>
          Close
        </button>
      </div>
    </dialog>
  );
}
