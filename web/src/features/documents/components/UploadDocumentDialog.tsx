import { zodResolver } from '@hookform/resolvers/zod';
import { FileUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
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
import { FileDropZone } from '@/components/ui/file-drop-zone';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useServerMessage } from '@/hooks/use-server-message';
import { ApiError, parseApiError } from '@/lib/api-client';
import type { DocumentRequest, Document as OwnDocument } from '@/types/api';
import { UploadAbortedError, useUploadDocument } from '../api/upload-document';
import {
  ACCEPT_ATTRIBUTE,
  buildUploadForm,
  defaultDocumentName,
  fileProblem,
  formatSize,
  MAX_UPLOAD_MB,
  type FileProblem,
} from '../rules';

/**
 * What the upload answers. A request: the dialog is titled with its name and sends its id (a rejected
 * request's new upload replaces its rejected document on the server). A rejected document: the upload
 * replaces it (issue 17, 'Upload again') and sends its id as replacesDocumentId.
 */
export type UploadFor = { request: DocumentRequest } | { replaces: OwnDocument } | null;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  uploadFor?: UploadFor;
}

/** Spec §2 Documents tab, §5 Document upload: file, name, optional description, with progress. */
export function UploadDocumentDialog({ open, onOpenChange, uploadFor }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        {/* Mounted only while open, so every opening starts empty and closing aborts an upload. */}
        <UploadForm uploadFor={uploadFor ?? null} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's title and description, and the form's target fields. */
function useUploadTexts(uploadFor: UploadFor) {
  const { t } = useTranslation('documents');
  if (uploadFor && 'replaces' in uploadFor) {
    const { replaces } = uploadFor;
    return {
      title: t('upload.againTitle', { name: replaces.name }),
      description: replaces.rejectionReason
        ? t('upload.againDescription', { reason: replaces.rejectionReason })
        : t('upload.description'),
      target: { replacesDocumentId: replaces.id, requestId: replaces.requestId ?? undefined },
      initialName: replaces.name,
    };
  }
  if (uploadFor) {
    const { request } = uploadFor;
    return {
      title: request.name,
      description: request.rejectionReason
        ? t('upload.againDescription', { reason: request.rejectionReason })
        : request.description || t('upload.requestDescription'),
      target: { requestId: request.id },
      initialName: '',
    };
  }
  return { title: t('upload.title'), description: t('upload.description'), target: {}, initialName: '' };
}

/**
 * Spec §5 document upload: a file is required and must be of an accepted type and size (the issue's
 * message names the problem, for its toast); the name and description are free.
 */
const uploadSchema = z.object({
  file: z.custom<File | null>().transform((file, context) => {
    const problem: FileProblem | 'missing' = file ? fileProblem(file) : 'missing';
    if (file && !problem) return file;
    context.addIssue({ code: 'custom', message: problem ?? 'missing' });
    return z.NEVER;
  }),
  name: z.string(),
  description: z.string(),
});

type UploadValues = z.input<typeof uploadSchema>;
type Upload = z.output<typeof uploadSchema>;

function UploadForm({ uploadFor, onClose }: { uploadFor: UploadFor; onClose: () => void }) {
  const { t, i18n } = useTranslation('documents');
  const serverMessage = useServerMessage();
  const upload = useUploadDocument();
  const texts = useUploadTexts(uploadFor);
  const { control, register, handleSubmit, setValue } = useForm<UploadValues, unknown, Upload>({
    resolver: zodResolver(uploadSchema),
    defaultValues: { file: null, name: texts.initialName, description: '' },
  });
  const file = useWatch({ control, name: 'file' });
  // Once the applicant types a name (or uploads again under the earlier one), another file no longer replaces it.
  const [nameEdited, setNameEdited] = useState(texts.initialName !== '');
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

  const onFile = (chosen: File | null) => {
    setValue('file', chosen);
    if (chosen && !nameEdited) setValue('name', defaultDocumentName(chosen.name));
  };

  const onInvalid = (errors: FieldErrors<UploadValues>) => {
    const problem = errors.file?.message;
    if (problem === 'size' || problem === 'type') fail(problemText(problem));
    else toast({ title: t('upload.toast.noFile.title'), description: t('upload.toast.noFile.text'), variant: 'destructive' });
  };

  const onSubmit = ({ file: chosen, name, description }: Upload) => {
    const form = buildUploadForm(chosen, name, description, texts.target);
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

  // handleSubmit is called in the event: its handler uses a ref, which render must not reach.
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit, onInvalid)(event)} className="flex min-h-0 flex-col">
      <DialogHeader>
        <DialogTitle className="break-words">{texts.title}</DialogTitle>
        <DialogDescription className="whitespace-pre-line break-words">{texts.description}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fileId}>{t('upload.file')}</Label>
          <FileDropZone
            id={fileId}
            accept={ACCEPT_ATTRIBUTE}
            describedBy={hintId}
            disabled={uploading}
            file={file}
            onFile={onFile}
            formatSize={(bytes) => formatSize(bytes, i18n.language)}
            labels={{ prompt: t('upload.drop.prompt'), dropHere: t('upload.drop.dropHere'), change: t('upload.drop.change') }}
          />
          <p id={hintId} className="text-xs text-slate-500">
            {t('upload.fileHint', { mb: MAX_UPLOAD_MB })}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-name`}>{t('upload.name')}</Label>
          <Input
            id={`${ids}-name`}
            maxLength={200}
            placeholder={t('upload.namePlaceholder')}
            {...register('name', { onChange: () => setNameEdited(true) })}
            disabled={uploading}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-description`}>{t('upload.descriptionLabel')}</Label>
          <Textarea
            id={`${ids}-description`}
            rows={3}
            maxLength={2000}
            {...register('description')}
            disabled={uploading}
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
