import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ATTRIBUTE,
  buildUploadForm,
  canReview,
  canUploadAgain,
  canUploadFor,
  defaultDocumentName,
  documentStatusVariant,
  fileProblem,
  fileTypeLabel,
  isKnownDocumentStatus,
  isOverdue,
  MAX_UPLOAD_BYTES,
  nameToSend,
} from './rules';
import { todayInTallinn } from '@/lib/dates';
import { document, documentRequest } from './test-fixtures';

describe('document rules (spec §4, §5)', () => {
  it('names a document after its file up to the first dot', () => {
    expect(defaultDocumentName('passport.pdf')).toBe('passport');
    expect(defaultDocumentName('passport.copy.2025.pdf')).toBe('passport');
    expect(defaultDocumentName('README')).toBe('README');
  });

  it('sends the full file name when the name is left empty', () => {
    expect(nameToSend('', 'passport.copy.pdf')).toBe('passport.copy.pdf');
    expect(nameToSend('   ', 'a.pdf')).toBe('a.pdf');
    expect(nameToSend(' My passport ', 'a.pdf')).toBe('My passport');
  });

  it('puts the text fields before the file and the description only when filled', () => {
    const file = new File(['x'], 'a.pdf', { type: 'application/pdf' });
    const withAll = buildUploadForm(file, 'Name', ' Notes ', { requestId: 41, replacesDocumentId: 9 });
    expect([...withAll.keys()]).toEqual(['requestId', 'replacesDocumentId', 'name', 'description', 'file']);
    expect(withAll.get('requestId')).toBe('41');
    expect(withAll.get('replacesDocumentId')).toBe('9');
    expect(withAll.get('description')).toBe('Notes');
    const bare = buildUploadForm(file, '', '  ');
    expect([...bare.keys()]).toEqual(['name', 'file']);
    expect(bare.get('name')).toBe('a.pdf');
  });

  it('accepts the nine file types and refuses others or oversize files before sending', () => {
    expect(ACCEPT_ATTRIBUTE).toBe('.pdf,.doc,.docx,.jpg,.jpeg,.png,.txt,.xls,.xlsx');
    expect(fileProblem(new File(['x'], 'SCAN.JPEG'))).toBeNull();
    expect(fileProblem(new File(['x'], 'tool.exe'))).toBe('type');
    expect(fileProblem(new File(['x'], 'noextension'))).toBe('type');
    const big = new File(['x'], 'big.pdf');
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    expect(fileProblem(big)).toBe('size');
  });

  it('shows the part of the MIME type after the slash', () => {
    expect(fileTypeLabel('application/pdf')).toBe('pdf');
    expect(fileTypeLabel('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(fileTypeLabel('odd')).toBe('odd');
  });

  it('maps statuses to badge variants and knows the five named ones', () => {
    expect(documentStatusVariant('approved')).toBe('default');
    expect(documentStatusVariant('rejected')).toBe('destructive');
    for (const status of ['pending', 'submitted', 'requested', 'archived']) expect(documentStatusVariant(status)).toBe('secondary');
    expect(isKnownDocumentStatus('submitted')).toBe(true);
    expect(isKnownDocumentStatus('archived')).toBe(false);
  });

  it('offers review only for pending documents and upload only for open or rejected requests', () => {
    expect(['pending', 'approved', 'rejected', 'submitted'].filter(canReview)).toEqual(['pending']);
    expect(
      ['requested', 'submitted', 'approved', 'rejected'].filter((status) => canUploadFor(documentRequest({ status }))),
    ).toEqual(['requested', 'rejected']);
  });

  it('offers uploading again for a rejected document that nothing replaced yet (issue 17)', () => {
    expect(canUploadAgain(document({ status: 'rejected' }))).toBe(true);
    expect(canUploadAgain(document({ status: 'rejected', replacedById: 12 }))).toBe(false);
    expect(canUploadAgain(document({ status: 'pending' }))).toBe(false);
    expect(canUploadAgain(document({ status: 'approved' }))).toBe(false);
  });
});

describe('isOverdue (issue 14 "Overdue requests are marked in the applicant\'s and the admin\'s tables")', () => {
  const today = { year: 2026, month: 3, day: 10 };

  it('marks a request still owed whose due date is before today', () => {
    expect(isOverdue(documentRequest({ dueDate: '2026-03-09', status: 'requested' }), today)).toBe(true);
    expect(isOverdue(documentRequest({ dueDate: '2025-12-31', status: 'rejected' }), today)).toBe(true);
  });

  it('keeps the due date itself as the last day, and a later one, unmarked', () => {
    expect(isOverdue(documentRequest({ dueDate: '2026-03-10', status: 'requested' }), today)).toBe(false);
    expect(isOverdue(documentRequest({ dueDate: '2026-04-01', status: 'requested' }), today)).toBe(false);
  });

  it('does not mark a delivered or approved request, nor one without a due date', () => {
    expect(isOverdue(documentRequest({ dueDate: '2026-03-01', status: 'submitted' }), today)).toBe(false);
    expect(isOverdue(documentRequest({ dueDate: '2026-03-01', status: 'approved' }), today)).toBe(false);
    expect(isOverdue(documentRequest({ dueDate: null, status: 'requested' }), today)).toBe(false);
  });

  it("counts today in Tallinn: 00:30 there is still the day before in UTC", () => {
    const justAfterTallinnMidnight = new Date('2026-03-09T22:30:00Z');
    expect(isOverdue(documentRequest({ dueDate: '2026-03-09', status: 'requested' }), todayInTallinn(justAfterTallinnMidnight))).toBe(true);
    const justBefore = new Date('2026-03-09T21:30:00Z');
    expect(isOverdue(documentRequest({ dueDate: '2026-03-09', status: 'requested' }), todayInTallinn(justBefore))).toBe(false);
  });
});
