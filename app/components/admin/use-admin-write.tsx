import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { useFetcher } from 'react-router';
import { toast } from 'react-toastify';
import {
  type WriteDone,
  type WriteRefused,
  type WriteResult,
  isLasting,
  isSessionEnded,
} from '#app/lib/admin/admin-result.ts';
import { SessionEndedMessage } from './session-ended-message.tsx';
import { ToastLines } from './toast-lines.tsx';
import { useFormSaved } from './use-unsaved-changes.tsx';

/**
 * Shows a write's result as the specification's toasts: its success words, or its failure words with the
 * server's reason below. An ended session always says so, with a link back (one toast, however many
 * writes met it); a failure the specification only logs is logged.
 */
export function showWriteResult(result: WriteResult): void {
  if (result.ok) {
    if (result.message) toast.success(result.message);
  } else if (isSessionEnded(result)) {
    toast.error(<SessionEndedMessage />, { toastId: 'session-ended' });
  } else if (result.title) {
    toast.error(<ToastLines title={result.title} detail={result.message} />);
  } else {
    console.error(`Admin write refused (${result.code})`, result.message);
  }
}

export interface AdminWriteOptions {
  onDone?: (result: WriteDone) => void;
  onRefused?: (result: WriteRefused) => void;
  /** The form writes its refusals into the page, where they stay until the admin acts: no toast for them. */
  refusalsInPage?: boolean;
}

/**
 * The enhanced side of an admin form: a fetcher that posts the form to its page's action (the same
 * action a form posted without JavaScript reaches), reports the answer once as toasts, and lets React
 * Router reload the page's data after it. Render `write.fetcher.Form` (a real <form method="post">, so a
 * click before hydration still posts) or call `write.fetcher.submit`.
 */
export function useAdminWrite({ onDone, onRefused, refusalsInPage = false }: AdminWriteOptions = {}) {
  const fetcher = useFetcher<WriteResult>();
  const reported = useRef<WriteResult | undefined>(undefined);
  const formSaved = useFormSaved();
  // What the fetcher sent last: once it is saved, the form that holds it has no unsaved changes.
  const sent = useRef<FormData | undefined>(undefined);
  useEffect(() => {
    if (fetcher.formData) sent.current = fetcher.formData;
  }, [fetcher.formData]);
  const settle = useEffectEvent((result: WriteResult) => {
    if (result.ok || !refusalsInPage) showWriteResult(result);
    // Before onDone, which may leave the page (a saved notice opens the list).
    if (result.ok && sent.current) formSaved(sent.current);
    if (result.ok) onDone?.(result);
    else onRefused?.(result);
  });
  const result = fetcher.data;
  useEffect(() => {
    if (!result || result === reported.current) return;
    reported.current = result;
    settle(result);
  }, [result]);
  return {
    fetcher,
    busy: fetcher.state !== 'idle',
    result,
    /** A refusal to keep on the page after its toast has gone (see WriteStatus). */
    lasting: isLasting(result) ? result : undefined,
  };
}

/** `report(result)` for writes that do not go through a fetcher (uploads with progress): same toasts. */
export function useReportWrite() {
  return useCallback((result: WriteResult) => showWriteResult(result), []);
}
