import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Friend } from '../../lib/api-types';
import type { DraftMember } from '../../lib/members';
import { CurrencyPicker } from '../../ui/CurrencyPicker';
import { MembersEditor } from './MembersEditor';
import './groups.css';

/** Default base currency of a new group (spec §9). */
export const DEFAULT_CURRENCY = 'RUB';

export interface NewGroupValues {
  name: string;
  currency: string;
  members: DraftMember[];
}

interface NewGroupFormProps {
  currentUserName: string;
  /** The user's friends, to add with one tap. */
  friends?: readonly Friend[];
  busy?: boolean;
  onSubmit(values: NewGroupValues): void;
}

/** Group name (required), base currency and members with default shares. */
export function NewGroupForm({ currentUserName, friends, busy, onSubmit }: NewGroupFormProps) {
  const { t } = useTranslation('groups');
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [currency, setCurrency] = useState(DEFAULT_CURRENCY);
  const [members, setMembers] = useState<DraftMember[]>([]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('groupNameRequired'));
      nameRef.current?.focus();
      return;
    }
    if (busy) return;
    onSubmit({ name: trimmed, currency, members });
  }

  return (
    <form className="new-group" onSubmit={submit} noValidate>
      <div className="card">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-name`}>
            {t('groupName')}
          </label>
          <input
            ref={nameRef}
            id={`${id}-name`}
            className="input"
            type="text"
            required
            maxLength={100}
            autoComplete="off"
            placeholder={t('groupNamePlaceholder')}
            value={name}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              if (nameError) setNameError(null);
            }}
          />
          {nameError ? (
            <p className="field-error new-group-error" id={`${id}-name-error`} role="alert">
              {nameError}
            </p>
          ) : null}
        </div>
        <div className="field field-last">
          <CurrencyPicker label={t('currency')} value={currency} onChange={setCurrency} />
        </div>
      </div>
      <MembersEditor
        currentUserName={currentUserName}
        members={members}
        onChange={setMembers}
        friends={friends}
      />
      <button type="submit" className="btn btn-primary btn-block new-group-submit" disabled={busy}>
        {t('create')}
      </button>
    </form>
  );
}
