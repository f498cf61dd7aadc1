import { Alert, Checkbox, FileButton, Group, Progress, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useGetConfirmDrawDetailsMutation, useProcessAdvancedUploadMutation } from '../../../api/wizard-api';
import { useAppSelector } from '../../../lib/hooks';
import { clientSessionId } from '../../../lib/session/client-session';
import { formErrorsOf } from '../../../shared/forms/server-errors';
import { NumberClearInput } from '../../../shared/forms/components/number-clear-input';
import { selectScreenShare } from '../../../lib/site/site-slice';
import { MAX_SELECTABLE_COLUMNS, needsProcessing, columnErrors, processedForChoice } from '../rules';
import { uploadEntriesFile, UploadError } from '../upload-file';
import { useEstimatedProgress } from '../use-estimated-progress';
import { wizardActions, type WizardState } from '../wizard-slice';
import { entryCountLimit, UPLOAD_EXTENSIONS } from '../../../../../libs/rules/src/index';
import type { StepProps } from './step-props';
import { BusyButton } from '../../../shared/busy/busy-button';

/** The file types the server accepts (libs/rules), and their media types for pickers that filter by those. */
const ACCEPT = [...UPLOAD_EXTENSIONS.map((extension) => `.${extension}`), 'text/plain', 'text/csv', 'text/tab-separated-values', 'application/zip'].join(',');

export function EntriesStep(props: StepProps & { winnersLimit: number }) {
  const { draw, dispatch, errors, winnersLimit } = props;
  if (draw.entryMethod === 'simple') {
    const limit = entryCountLimit(draw.demoDraw, winnersLimit);
    return (
      <NumberClearInput
        label="Number of entries"
        description={`More than 1 and at most ${limit.toLocaleString('en')}${draw.demoDraw ? ' for a demo draw' : ''}.`}
        required
        value={draw.entryCount}
        onChange={(value) => dispatch(wizardActions.fieldChanged({ field: 'entryCount', value }))}
        error={errors.entryCount}
      />
    );
  }
  return <UploadEntries {...props} />;
}

function UploadEntries({ draw, dispatch, errors }: StepProps) {
  const [confirmDetails] = useGetConfirmDrawDetailsMutation();
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [checking, setChecking] = useState(false);
  const [fileBytes, setFileBytes] = useState(0);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const checkPercent = useEstimatedProgress(checking, fileBytes);
  const abort = useRef<AbortController | null>(null);
  const resetRef = useRef<() => void>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useEffect(() => () => abort.current?.abort(), []);
  // The button is disabled while the file goes up and checked, which takes the focus from it: once it is back, so is
  // the focus, and the keyboard that chose the file carries on from there rather than from the top of the page.
  useEffect(() => {
    if (uploadPercent !== null || !refocus.current) return;
    refocus.current = false;
    uploadButton.current?.focus();
  }, [uploadPercent]);

  const choose = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    abort.current?.abort();
    abort.current = new AbortController();
    dispatch(wizardActions.uploadStarted());
    setServerMessage(null);
    setFileBytes(file.size);
    setUploadPercent(0);
    const clientSession = clientSessionId();
    try {
      const result = await uploadEntriesFile(file, clientSession, setUploadPercent, abort.current.signal);
      dispatch(wizardActions.uploaded(result));
      setChecking(true);
      const details = await confirmDetails({
        confirmDrawDetailsRequestDto: { fileName: result.serverFileName, advancedUpload: draw.entryMethod === 'uploadAdvanced', demoMode: draw.demoDraw, clientSession },
      }).unwrap();
      if (details.errorMessage) setServerMessage(details.errorMessage);
      else dispatch(wizardActions.detailsConfirmed(details));
    } catch (error) {
      setServerMessage(error instanceof UploadError ? error.message : (formErrorsOf(error, ['fileName'] as const).fields.fileName ?? formErrorsOf(error, []).form));
    } finally {
      refocus.current = document.activeElement === document.body;
      setChecking(false);
      setUploadPercent(null);
    }
  };

  const details = draw.confirmDetails;
  const fileError = serverMessage ?? errors.file;
  const uploading = uploadPercent !== null && !checking;

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text fw={600} id="entries-file-label">
          Entries file
        </Text>
        <Text size="sm" c="gray.8">
          A txt, csv, tsv or zip file, one entry per row.
        </Text>
        <Group gap="sm">
          <FileButton onChange={choose} accept={ACCEPT} resetRef={resetRef}>
            {(buttonProps) => (
              <BusyButton {...buttonProps} ref={uploadButton} leftSection={<IconUpload size={18} aria-hidden />} loading={uploadPercent !== null} aria-describedby="entries-file-label">
                {draw.uploaded ? 'Upload another file' : 'Choose a file to upload'}
              </BusyButton>
            )}
          </FileButton>
          {draw.upload && <Text size="sm">{draw.upload.headerFileName}</Text>}
        </Group>
        {uploading && (
          <Stack gap={4}>
            <Text size="sm">Uploading… {uploadPercent}%</Text>
            <Progress value={uploadPercent ?? 0} aria-label="Upload progress" striped animated />
          </Stack>
        )}
        {checking && (
          <Stack gap={4}>
            <Text size="sm">Checking the file… {checkPercent}%</Text>
            <Progress value={checkPercent} aria-label="File check progress" color="teal" striped animated />
          </Stack>
        )}
        {fileError && (
          <Text size="sm" c="red.8" role="alert">
            {fileError}
          </Text>
        )}
      </Stack>

      {details && (
        <>
          <FilePreview details={details} />
          {details.warningMessage && (
            <Alert color="yellow" variant="light" title="Please check">
              <Text size="sm">{details.warningMessage}</Text>
            </Alert>
          )}
          <Radio.Group
            label="Is the first row a header row (column names, not an entry)?"
            required
            value={draw.headerRow === null ? '' : String(draw.headerRow)}
            onChange={(value) => dispatch(wizardActions.headerRowChosen(value === 'true'))}
            error={errors.headerRow}
          >
            <Group gap="lg" mt="xs">
              <Radio value="true" label="Yes, it is a header row" />
              <Radio value="false" label="No, it is an entry" />
            </Group>
          </Radio.Group>
          {draw.entryMethod === 'uploadAdvanced' && draw.headerRow !== null && <AdvancedColumns draw={draw} dispatch={dispatch} errors={errors} />}
        </>
      )}
    </Stack>
  );
}

function FilePreview({ details }: { details: NonNullable<WizardState['confirmDetails']> }) {
  const screenShare = useAppSelector(selectScreenShare);
  // Screen-share mode hides the file's rows (they hold entrants' data) and, unless allowed, the entry count.
  const hideRows = screenShare.enabled;
  const hideCount = screenShare.enabled && !screenShare.entryCount;
  return (
    <Stack gap={4}>
      {!hideCount && (
        <Text size="sm">
          {details.rowCount.toLocaleString('en')} rows{details.emptyRowCount > 0 ? ` (and ${details.emptyRowCount.toLocaleString('en')} empty rows, which are not entries)` : ''}
        </Text>
      )}
      {!hideRows && (
        // Rows wider than the card scroll sideways: a stop of the Tab key, so a keyboard can scroll them too.
        <Stack gap={0} style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="First rows of the file">
          <Text size="xs" c="gray.8">
            First rows of the file:
          </Text>
          {[details.headerRowString, details.entryRow1String, details.entryRow2String]
            .filter((row): row is string => typeof row === 'string')
            .map((row, index) => (
              <Text key={index} size="sm" ff="monospace" style={{ whiteSpace: 'pre' }}>
                {row}
              </Text>
            ))}
        </Stack>
      )}
    </Stack>
  );
}

function columnOptions(draw: WizardState, validity: boolean[]) {
  const names = draw.confirmDetails?.headerRowColumns ?? [];
  return names.slice(0, MAX_SELECTABLE_COLUMNS).map((column, index) => ({
    value: String(index),
    label: draw.headerRow ? `${index + 1}: ${column.name}` : `Column ${index + 1} (${column.name})`,
    disabled: !validity[index],
  }));
}

function AdvancedColumns({ draw, dispatch, errors }: StepProps) {
  const [process, { isLoading }] = useProcessAdvancedUploadMutation();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const details = draw.confirmDetails;
  const percent = useEstimatedProgress(isLoading, 0);
  const ticketValid = (draw.headerRow ? details?.entryCountColumnsValidWithHeader : details?.entryCountColumnsValidWithoutHeader) ?? [];
  const idValid = (draw.headerRow ? details?.uniqueIdColumnsValidWithHeader : details?.uniqueIdColumnsValidWithoutHeader) ?? [];
  const fileName = draw.upload?.serverFileName;
  const ready = Object.keys(columnErrors(draw)).length === 0 && needsProcessing(draw) && draw.headerRow !== null;
  const current = processedForChoice(draw);
  const ticketCol = draw.hasTicketCount ? draw.ticketCountCol : null;
  const idCol = draw.oneWinPerEntrant ? draw.entrantUniqueIdCol : null;

  // Each complete choice of columns is processed once as it is made: the counts it gives are what the prizes are checked against.
  useEffect(() => {
    if (!ready || current || !fileName || draw.headerRow === null) return;
    let stale = false;
    const headerRow = draw.headerRow;
    setServerMessage(null);
    process({ processAdvancedUploadRequestDto: { fileName, clientSession: clientSessionId(), headerRow, entryCountColumn: ticketCol, uniqueEntrantIdColumn: idCol } })
      .unwrap()
      .then((result) => {
        if (stale) return;
        dispatch(wizardActions.processed({ headerRow, ticketCountCol: ticketCol, entrantUniqueIdCol: idCol, ...result }));
      })
      .catch((error: unknown) => {
        if (!stale) setServerMessage(formErrorsOf(error, []).form);
      });
    return () => {
      stale = true;
    };
  }, [ready, current, fileName, draw.headerRow, ticketCol, idCol, process, dispatch]);

  const processed = current ? draw.processed : null;
  const processError = serverMessage ?? processed?.errorMessage ?? errors.process;

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.8">
        The first {MAX_SELECTABLE_COLUMNS} columns can be chosen; columns whose values do not fit are greyed out.
      </Text>
      <Checkbox
        label="Entrants have a number of entries (a ticket count column)"
        checked={draw.hasTicketCount}
        onChange={(event) => dispatch(wizardActions.fieldChanged({ field: 'hasTicketCount', value: event.currentTarget.checked }))}
      />
      {draw.hasTicketCount && (
        <Select
          label="Column with the number of entries"
          placeholder="Choose a column"
          data={columnOptions(draw, ticketValid)}
          value={draw.ticketCountCol === null ? null : String(draw.ticketCountCol)}
          onChange={(value) => dispatch(wizardActions.fieldChanged({ field: 'ticketCountCol', value: value === null ? null : Number(value) }))}
          error={errors.ticketCountCol}
          allowDeselect={false}
        />
      )}
      <Checkbox
        label="One win per entrant"
        description="An entrant who wins once is not drawn again."
        checked={draw.oneWinPerEntrant}
        onChange={(event) => dispatch(wizardActions.fieldChanged({ field: 'oneWinPerEntrant', value: event.currentTarget.checked }))}
      />
      {draw.oneWinPerEntrant && (
        <Select
          label="Unique entrant id column"
          description={draw.hasTicketCount ? 'Optional with a ticket count column: without it each row is one entrant.' : undefined}
          placeholder="Choose a column"
          clearable={draw.hasTicketCount}
          data={columnOptions(draw, idValid)}
          value={draw.entrantUniqueIdCol === null ? null : String(draw.entrantUniqueIdCol)}
          onChange={(value) => dispatch(wizardActions.fieldChanged({ field: 'entrantUniqueIdCol', value: value === null ? null : Number(value) }))}
          error={errors.entrantUniqueIdCol}
        />
      )}
      {isLoading && (
        <Stack gap={4}>
          <Text size="sm">Processing the file… {percent}%</Text>
          <Progress value={percent} aria-label="Processing progress" color="teal" striped animated />
        </Stack>
      )}
      {processed && !processed.errorMessage && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label="Processing results">
          <Count label="Entry rows" value={processed.entryRowCount} />
          <Count label="Entrants" value={processed.entrantCount} />
          <Count label="Entries" value={processed.entryCount} />
          <Count label="Empty rows" value={processed.emptyRowCount} />
        </SimpleGrid>
      )}
      {processed && processed.warningMessages.length > 0 && (
        <Alert color="yellow" variant="light" title="Please check">
          {processed.warningMessages.map((message) => (
            <Text key={message} size="sm">
              {message}
            </Text>
          ))}
        </Alert>
      )}
      {processError && (
        <Text size="sm" c="red.8" role="alert">
          {processError}
        </Text>
      )}
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="gray.8">
        {label}
      </Text>
      <Text fw={700}>{value.toLocaleString('en')}</Text>
    </Stack>
  );
}
