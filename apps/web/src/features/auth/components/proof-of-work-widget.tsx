// The altcha widget, fetched only when a form is asked for a proof of work: its script, styles and
// solver never weigh on the portal's first screen. The CSP-friendly build (`altcha/external`):
// its styles come as a stylesheet file and its solver as a worker file of our own origin, so
// neither inline code nor blob: workers are needed.
import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { apiRoutes } from '@stratus/contract/routes';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/http/client.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import styles from './proof-of-work-widget.module.css';

// The server's challenges are PBKDF2/SHA-256 (apps/server/src/modules/auth/proof-of-work.ts).
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/**
 * Hands the widget a fresh challenge of ours whenever it asks (on each verification, so an
 * expired one is replaced): our API wraps answers in its envelope, the widget wants the bare
 * challenge.
 */
async function fetchChallenge(): Promise<Response> {
  const challenge = await callEndpoint(apiRoutes.proofOfWorkChallenge, { silent: true });
  return new Response(JSON.stringify(challenge), {
    headers: { 'content-type': 'application/json' },
  });
}

interface ProofOfWorkWidgetProps {
  /** The solved challenge's payload, for the form's next send. */
  onSolved: (payload: string) => void;
}

/** Solves a challenge as soon as it shows, with our words in the person's language. */
export default function ProofOfWorkWidget({ onSolved }: ProofOfWorkWidgetProps) {
  const { t } = useTranslation();
  const widget = useRef<HTMLElementTagNameMap['altcha-widget']>(null);
  // The latest handler, for the listener the widget keeps from its first render.
  const solved = useRef(onSolved);
  useEffect(() => {
    solved.current = onSolved;
  });

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const language = currentLanguage().toLowerCase();
    globalThis.$altcha.i18n.set(language, {
      ariaLinkLabel: '',
      footer: '',
      label: t('auth.proofOfWork.label'),
      loading: t('auth.proofOfWork.loading'),
      verifying: t('auth.proofOfWork.verifying'),
      verified: t('auth.proofOfWork.verified'),
      error: t('auth.proofOfWork.error'),
      expired: t('auth.proofOfWork.expired'),
      verificationRequired: t('auth.proofOfWork.required'),
      waitAlert: t('auth.proofOfWork.verifying'),
      reload: t('auth.proofOfWork.reload'),
      verify: t('auth.proofOfWork.verify'),
    });
    const onVerified = (event: Event) => {
      const { payload } = (event as CustomEvent<{ payload?: string }>).detail;
      if (payload) solved.current(payload);
    };
    element.addEventListener('verified', onVerified);
    let mounted = true;
    const start = async () => {
      // Its methods exist once the element has loaded (its `load` event); configure may or may
      // not answer a promise.
      await element.configure({
        challenge: apiRoutes.proofOfWorkChallenge.path,
        fetch: fetchChallenge,
        language,
        hideFooter: true,
        hideLogo: true,
        type: 'checkbox',
      });
      // The person has pressed the button already: the work starts at once.
      if (mounted && element.getState() === 'unverified') await element.verify();
    };
    if (typeof element.configure === 'function') void start();
    else element.addEventListener('load', () => void start(), { once: true });
    return () => {
      mounted = false;
      element.removeEventListener('verified', onVerified);
    };
  }, [t]);

  return (
    <div className={styles.widget}>
      <altcha-widget ref={widget} />
    </div>
  );
}
