import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A file picker that also takes a file dropped on it. */
export function DropZone({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useTranslation('imports');
  const inputId = useId();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    // A drop target beside the file picker's button, which is the keyboard's way in.
    <section
      aria-label={t('drop')}
      className={`import-drop card${over ? ' import-drop-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p className="import-drop-text">{t('drop')}</p>
      <p className="muted import-drop-or">{t('or')}</p>
      <label htmlFor={inputId} className="btn btn-primary">
        {t('choose')}
      </label>
      <input
        id={inputId}
        type="file"
        className="visually-hidden"
        accept=".csv,.json,text/csv,application/json"
        data-testid="import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
    </section>
  );
}
