import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

async function copyText(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: done });
  } catch {
    toast({ title: failed, variant: 'destructive' });
  }
}

/** Copies `text` to the clipboard and says so in a toast. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('security');
  return (
    <Button type="button" variant="secondary" size="sm" onClick={() => void copyText(text, t('recovery.copied'), t('recovery.copyFailed'))}>
      {label}
    </Button>
  );
}

function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The ten recovery codes, shown once (issue 15), to copy or download. */
export function RecoveryCodesList({ codes, username }: { codes: string[]; username: string }) {
  const { t } = useTranslation('security');
  const text = [t('recovery.fileHeading', { username }), '', ...codes, ''].join('\n');
  return (
    <section aria-labelledby="recovery-codes-title" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <h2 id="recovery-codes-title" className="text-lg font-semibold text-slate-900">
        {t('recovery.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('recovery.description')}</p>
      <ol data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} label={t('recovery.copy')} />
        <Button type="button" variant="secondary" size="sm" onClick={() => download(`recovery-codes-${username}.txt`, text)}>
          {t('recovery.download')}
        </Button>
      </div>
    </section>
  );
}
