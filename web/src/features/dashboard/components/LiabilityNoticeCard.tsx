import { ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { formatDate } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { useAcknowledgeNotice, useLiabilityNotice } from '../api/liability-notice';

/** The notice's paragraphs: the server separates them with a blank line. */
function Paragraphs({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-3 leading-relaxed text-slate-700" data-testid="liability-notice-text">
      {text.split(/\n\s*\n/).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

/**
 * The board member's liability notice (issue 36), shown on the dashboard once a company is assigned and before
 * the board member's consent: what being on a management board means in law. The applicant confirms having read
 * the current version; a newer version asks again. Once confirmed it folds away, still readable.
 */
export function LiabilityNoticeCard() {
  const { t, i18n } = useTranslation('mandate');
  const language = currentLanguage(i18n);
  const notice = useLiabilityNotice(language);
  const acknowledge = useAcknowledgeNotice();
  const failureToast = useFailureToast();
  const [read, setRead] = useState(false);
  const [missing, setMissing] = useState(false);
  const checkboxId = useId();
  const errorId = `${checkboxId}-error`;

  const onConfirm = () => {
    if (!notice.data) return;
    if (!read) {
      setMissing(true);
      return;
    }
    acknowledge.mutate(notice.data.version, {
      onSuccess: () => toast({ title: t('notice.confirmed') }),
      onError: (error) => failureToast(t('notice.failed'), error),
    });
  };

  return (
    <Card
      className={notice.data && !notice.data.acknowledged ? 'border-amber-300 ring-1 ring-amber-200' : undefined}
      data-testid="liability-notice"
    >
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ShieldAlert className="h-5 w-5 text-primary-500" aria-hidden="true" />
          {notice.data ? notice.data.title : t('notice.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {notice.isPending ? (
          <Spinner label={t('notice.loading')} />
        ) : notice.isError ? (
          <p className="text-sm text-danger-700">{t('notice.loadFailed')}</p>
        ) : notice.data.acknowledged ? (
          <>
            <p className="text-sm text-slate-700" data-testid="liability-notice-acknowledged">
              {t('notice.acknowledgedOn', {
                date: notice.data.acknowledgedAt ? formatDate(notice.data.acknowledgedAt, i18n.language) : '',
                version: formatDate(notice.data.version, i18n.language),
              })}
            </p>
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-primary-700 underline underline-offset-4">
                {t('notice.readAgain')}
              </summary>
              <div className="mt-3">
                <Paragraphs text={notice.data.text} />
              </div>
            </details>
          </>
        ) : (
          <>
            <p className="text-sm font-medium text-slate-900">{t('notice.intro')}</p>
            <Paragraphs text={notice.data.text} />
            <p className="text-sm text-slate-600">
              {t('notice.version', { version: formatDate(notice.data.version, i18n.language) })}
            </p>
            <div className="flex flex-col gap-1">
              <div className="flex items-start gap-3">
                <Checkbox
                  id={checkboxId}
                  checked={read}
                  onCheckedChange={(value) => {
                    setRead(value === true);
                    setMissing(false);
                  }}
                  aria-invalid={missing || undefined}
                  aria-describedby={missing ? errorId : undefined}
                />
                <Label htmlFor={checkboxId} className="font-normal leading-snug">
                  {t('notice.checkbox')}
                </Label>
              </div>
              {missing && (
                <p id={errorId} className="pl-8 text-sm text-danger-700" role="alert">
                  {t('notice.required')}
                </p>
              )}
            </div>
            <Button type="button" className="self-start" onClick={onConfirm} disabled={acknowledge.isPending}>
              {acknowledge.isPending ? t('notice.confirming') : t('notice.confirm')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
