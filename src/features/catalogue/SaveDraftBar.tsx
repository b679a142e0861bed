/**
 * The foot of a catalogue form: Save draft (and anything beside it, such as Preview), then what the last save did:
 * saved, refused because someone saved first (with Reload), or failed.
 */
import type { ReactNode } from 'react';
import { Notice } from '../../components/ui/Notice';

/** A save's state as the catalogue forms keep it ('working' is a picture or piece change on its way). */
export interface SaveState {
  status: 'idle' | 'saving' | 'working' | 'saved' | 'conflict' | 'error';
  message: string | null;
}

/** The Save draft button and the last save's notice; `reloadLabel` names what Reload loads again. */
export function SaveDraftBar(props: { save: SaveState; reloadLabel: string; onReload: () => void; children?: ReactNode }) {
  const { save } = props;
  const busy = save.status === 'saving' || save.status === 'working';
  return (
    <>
      <div className="catalogue__actions">
        <button type="submit" className="btn" disabled={busy}>
          {save.status === 'saving' ? 'Saving…' : 'Save draft'}
        </button>
        {props.children}
      </div>
      {save.status === 'conflict' ? (
        <Notice
          kind="error"
          text={save.message}
          action={
            <button type="button" className="btn btn--sm" onClick={props.onReload}>
              {props.reloadLabel}
            </button>
          }
        />
      ) : (
        <Notice
          kind={save.status === 'saved' ? 'success' : 'error'}
          text={save.status === 'saved' || save.status === 'error' ? save.message : null}
        />
      )}
    </>
  );
}
