import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { CheckIcon, CopyIcon } from '../../ui/icons';
import { COPY_FEEDBACK_MS } from './model';

/** Copies the saved username; a check mark and "Copied" show for a second (spec §9). */
export function CopyUsernameButton({ username }: { username: string }) {
  const { t } = useTranslation('account');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await copyText(username);
    } catch {
      toast.error(t('copyFailed'));
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  }

  return (
    <>
      <button
        type="button"
        className={copied ? 'icon-btn account-copy account-copy-done' : 'icon-btn account-copy'}
        aria-label={t('copyUsername')}
        title={t('copyUsername')}
        onClick={() => void copy()}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
      </button>
      <span className="account-copied" role="status">
        {copied ? t('copied') : ''}
      </span>
    </>
  );
}

/** The Clipboard API where the page may use it, else the old copy command on a hidden textarea. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, or the page lost focus): try the older way.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}
