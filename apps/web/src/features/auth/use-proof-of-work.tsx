import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../../shared/http/api-error.ts';
import styles from './components/proof-of-work-widget.module.css';

/**
 * `proofOfWorkRequired` and `proofOfWorkInvalid`'s codes (errors.ts), without the contract's
 * schemas on the portal's first screen (use-proof-of-work.test.ts holds them equal).
 */
export const PROOF_OF_WORK_CODES: readonly number[] = [20040, 20041];

// Fetched only when the server first asks for a proof: the widget and its solver stay off the
// portal's first screen.
const ProofOfWorkWidget = lazy(() => import('./components/proof-of-work-widget.tsx'));

/** A send of the form, given the proof of work to carry (none until one is asked for). */
type Send = (proofOfWork: string | undefined) => void;

/**
 * The proof of work of a sign-in, sign-up or reset form. Until the server asks for one, sends go
 * as they are. Once asked (`proofOfWorkRequired`, or `proofOfWorkInvalid` for a spent or expired
 * one), the widget shows above the button and solves a challenge at once; the refused send goes
 * again by itself once solved, so the person presses nothing more. Each proof works once: every
 * send that carries one starts the widget on a fresh challenge for the next.
 */
export function useProofOfWork() {
  const [required, setRequired] = useState(false);
  // Bumped to give the widget a fresh challenge.
  const [round, setRound] = useState(0);
  const proof = useRef<string | null>(null);
  // The send waiting for the widget to finish.
  const waiting = useRef<Send | null>(null);
  const last = useRef<Send | null>(null);

  const sendWith = (send: Send) => {
    const solved = proof.current;
    proof.current = null;
    setRound((current) => current + 1);
    send(solved ?? undefined);
  };

  /** Sends now, or once the widget has solved its challenge when a proof is needed. */
  const submit = (send: Send) => {
    last.current = send;
    if (!required) send(undefined);
    else if (proof.current) sendWith(send);
    else waiting.current = send;
  };

  /** Takes a refusal asking for a proof: true when it was one (the send waits for the widget). */
  const takeRefusal = (caught: unknown): boolean => {
    if (!isApiError(caught) || !PROOF_OF_WORK_CODES.includes(caught.code)) return false;
    setRequired(true);
    proof.current = null;
    setRound((current) => current + 1);
    waiting.current = last.current;
    return true;
  };

  const solved = (payload: string) => {
    proof.current = payload;
    const send = waiting.current;
    waiting.current = null;
    if (send) sendWith(send);
  };

  const widget: ReactNode = required ? (
    <Suspense fallback={<div className={styles.placeholder} aria-busy="true" />}>
      <ProofOfWorkWidget key={round} onSolved={solved} />
    </Suspense>
  ) : null;

  return { submit, takeRefusal, widget };
}
