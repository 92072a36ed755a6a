import { TODO_MESSAGES, TODO_TEXT_MAX_LENGTH, toggledDone } from '@invigil/shared/api/desk-messages';
import { useSignals } from '@preact/signals-react/runtime';
import { ListTodo, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { isLoggedIn } from '../auth/auth-state';
import { addTodo, loadTodos, removeTodos, toggleTodos, todos, todosStatus, type Outcome } from './todo-state';

function announce(outcome: Outcome): void {
  showSnackbar(outcome.message, { color: outcome.ok ? 'success' : 'error' });
}

function AddTodoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const inputId = useId();
  const countId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  async function save() {
    if (busy) return;
    setBusy(true);
    const outcome = await addTodo(text);
    setBusy(false);
    announce(outcome);
    if (outcome.ok) {
      setText('');
      onClose();
    }
  }

  return (
    <Modal
      open={open}
      title="New Todo"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="submit" form={`${inputId}-form`} className="btn btn-primary" disabled={busy} aria-busy={busy}>Save</button>
        </>
      }
    >
      <form
        id={`${inputId}-form`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label htmlFor={inputId} className="label pb-1">
          <span className="label-text font-medium text-base-content">Todo</span>
        </label>
        <textarea
          id={inputId}
          className="textarea textarea-bordered w-full"
          rows={3}
          maxLength={TODO_TEXT_MAX_LENGTH}
          value={text}
          autoFocus
          aria-describedby={countId}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter saves, as in a one-line field; Shift+Enter starts a new line.
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void save();
            }
          }}
        />
        <p id={countId} className="mt-1 text-right text-sm opacity-80">
          {text.length} / {TODO_TEXT_MAX_LENGTH} characters
        </p>
      </form>
    </Modal>
  );
}

/**
 * The desk's to-do list (spec: Todo widget): a list with checkboxes to select, Add (a dialog),
 * Delete (after 'Are you sure to delete?') and the done toggle of section 4 on the selection.
 */
export function TodoWidget() {
  useSignals();
  const headingId = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!isLoggedIn.value) return null;
  const list = todos.value;
  const status = todosStatus.value;
  // Ids that left the list (deleted elsewhere) are no longer selected.
  const chosen = list.filter((todo) => selected.has(todo._id));
  const chosenIds = chosen.map((todo) => todo._id);
  const marksDone = toggledDone(chosen);

  function choose(id: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  }

  async function run(action: () => Promise<Outcome>) {
    setBusy(true);
    const outcome = await action();
    setBusy(false);
    announce(outcome);
    if (outcome.ok) setSelected(new Set());
  }

  return (
    <section className="card bg-base-100 shadow" aria-labelledby={headingId}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={headingId} className="card-title">
          <ListTodo className="h-5 w-5 text-primary" aria-hidden="true" />
          To-Do List
        </h2>
        {status === 'failed' ? (
          <div className="flex flex-wrap items-center gap-2" role="alert">
            <span className="text-error">{TODO_MESSAGES.loadFailed}</span>
            <button type="button" className="btn btn-sm" onClick={() => void loadTodos()}>Retry</button>
          </div>
        ) : status === 'loading' || status === 'idle' ? (
          <div className="flex justify-center py-4" role="status" aria-label="Loading todos">
            <span className="loading loading-spinner text-primary" aria-hidden="true" />
          </div>
        ) : list.length === 0 ? (
          <p className="opacity-80">Nothing to do yet. Add your first todo.</p>
        ) : (
          <ul className="max-h-72 divide-y divide-base-300 overflow-y-auto" aria-label="Todos">
            {list.map((todo) => (
              <li key={todo._id}>
                <label className="flex cursor-pointer items-start gap-3 py-2">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-primary checkbox-sm mt-0.5"
                    checked={selected.has(todo._id)}
                    onChange={(event) => choose(todo._id, event.target.checked)}
                  />
                  <span className={`min-w-0 flex-1 break-words ${todo.done ? 'line-through opacity-70' : ''}`}>
                    {todo.text}
                    {todo.done ? <span className="sr-only"> (done)</span> : null}
                  </span>
                  {todo.done ? <span className="badge badge-success badge-sm h-auto" aria-hidden="true">Done</span> : null}
                </label>
              </li>
            ))}
          </ul>
        )}
        <div className="card-actions flex-wrap justify-end">
          <button type="button" className="btn btn-sm" disabled={busy || chosen.length === 0} onClick={() => void run(() => toggleTodos(chosenIds))}>
            {marksDone ? 'Mark done' : 'Mark not done'}
          </button>
          <button type="button" className="btn btn-sm btn-error btn-outline" disabled={busy || chosen.length === 0} onClick={() => setConfirming(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Delete
          </button>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add
          </button>
        </div>
      </div>
      <AddTodoDialog open={adding} onClose={() => setAdding(false)} />
      <Modal
        open={confirming}
        title="Delete todos"
        onClose={() => setConfirming(false)}
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>Cancel</button>
            <button
              type="button"
              className="btn btn-error"
              onClick={() => {
                setConfirming(false);
                void run(() => removeTodos(chosenIds));
              }}
            >
              Delete
            </button>
          </>
        }
      >
        <p>{TODO_MESSAGES.confirmDelete}</p>
      </Modal>
    </section>
  );
}
