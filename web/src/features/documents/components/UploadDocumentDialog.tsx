import { FileUp } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useServerMessage } from '@/features/dashboard/server-message';
import { ApiError, parseApiError } from '@/lib/api-client';
import { UploadAbortedError, useUploadDocument } from '../api';
import {
  ACCEPT_ATTRIBUTE,
  buildUploadForm,
  defaultDocumentName,
  fileProblem,
  formatSize,
  MAX_UPLOAD_MB,
  type FileProblem,
} from '../rules';
import type { DocumentRequest } from '../types';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** When set, the upload answers this request: the dialog is titled with its name and sends its id. */
  request?: DocumentRequest | null;
}

/** Spec §2 Documents tab, §5 Document upload: file, name, optional description, with progress. */
export function UploadDocumentDialog({ open, onOpenChange, request }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        {/* Mounted only while open, so every opening starts empty and closing aborts an upload. */}
        <UploadForm request={request ?? null} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function UploadForm({ request, onClose }: { request: DocumentRequest | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('documents');
  const serverMessage = useServerMessage();
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [nameEdited, setNameEdited] = useState(false);
  const [description, setDescription] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const ids = useId();
  const fileId = `${ids}-file`;
  const hintId = `${ids}-hint`;

  useEffect(() => () => abort.current?.abort(), []);

  const uploading = progress !== null;

  const fail = (description: string) =>
    toast({ title: t('upload.toast.failed.title'), description, variant: 'destructive' });

  const problemText = (problem: Exclude<FileProblem, null>) =>
    problem === 'size' ? t('upload.toast.tooLarge', { mb: MAX_UPLOAD_MB }) : t('upload.toast.unsupportedType');

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    if (chosen && !nameEdited) setName(defaultDocumentName(chosen.name));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      toast({ title: t('upload.toast.noFile.title'), description: t('upload.toast.noFile.text'), variant: 'destructive' });
      return;
    }
    const problem = fileProblem(file);
    if (problem) {
      fail(problemText(problem));
      return;
    }
    const form = buildUploadForm(file, name, description, request?.id);
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    upload.mutate(
      { form, signal: controller.signal, onProgress: setProgress },
      {
        onSuccess: (document) => {
          toast({ title: t('upload.toast.success.title'), description: t('upload.toast.success.text', { name: document.name }) });
          onClose();
        },
        onError: (error) => {
          setProgress(null);
          if (error instanceof UploadAbortedError) return;
          // A 413 is this file's size, unless it is the account's quota (a code of its own, in our words).
          const quota = parseApiError(error).code === 'quota_exceeded';
          if (error instanceof ApiError && error.status === 413 && !quota) fail(problemText('size'));
          else if (error instanceof ApiError && error.status === 415) fail(problemText('type'));
          else fail(serverMessage(error) ?? t('upload.toast.failed.text'));
        },
        onSettled: () => {
          abort.current = null;
        },
      },
    );
  };

  return (
        <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-col">
          <DialogHeader>
            <DialogTitle className="break-words">{request ? request.name : t('upload.title')}</DialogTitle>
            <DialogDescription>
              {request ? request.description || t('upload.requestDescription') : t('upload.description')}
            </DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-5">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={fileId}>{t('upload.file')}</Label>
              <input
                id={fileId}
                type="file"
                accept={ACCEPT_ATTRIBUTE}
                aria-describedby={hintId}
                disabled={uploading}
                onChange={onFile}
                className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 rounded-lg"
              />
              <p id={hintId} className="text-xs text-slate-500">
                {file
                  ? t('upload.chosen', { name: file.name, size: formatSize(file.size, i18n.language) })
                  : t('upload.fileHint', { mb: MAX_UPLOAD_MB })}
              </p>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-name`}>{t('upload.name')}</Label>
              <Input
                id={`${ids}-name`}
                value={name}
                maxLength={200}
                disabled={uploading}
                placeholder={t('upload.namePlaceholder')}
                onChange={(e) => {
                  setName(e.target.value);
                  setNameEdited(true);
                }}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-description`}>{t('upload.descriptionLabel')}</Label>
              <Textarea
                id={`${ids}-description`}
                rows={3}
                maxLength={2000}
                value={description}
                disabled={uploading}
                onChange={(e) => setDescription(e.target.value)}
              />
            </div>
            {uploading && (
              <div className="flex flex-col gap-1.5">
                <div
                  role="progressbar"
                  aria-label={t('upload.progressLabel')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress}
                  className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
                >
                  <div className="h-full rounded-full bg-primary-500 transition-[width]" style={{ width: `${progress}%` }} />
                </div>
                <p className="text-sm text-slate-600" aria-live="polite">
                  {t('upload.uploading', { percent: progress })}
                </p>
              </div>
            )}
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={onClose}>
              {t('upload.cancel')}
            </Button>
            <Button type="submit" disabled={uploading}>
              <FileUp className="h-4 w-4" aria-hidden="true" />
              {uploading ? t('upload.submitting') : t('upload.submit')}
            </Button>
          </DialogFooter>
        </form>
  );
}
