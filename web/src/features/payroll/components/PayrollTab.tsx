import { useSearchParams } from 'react-router-dom';
import { RunDetail } from './RunDetail';
import { RunsList } from './RunsList';

const RUN_PARAM = 'run';

/** The admin's Payroll tab (issue 23): the runs, or one run (?run=<id>, so a run can be linked and reloaded). */
export function PayrollTab() {
  const [params, setParams] = useSearchParams();
  const runId = params.get(RUN_PARAM);

  const show = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(RUN_PARAM);
      else next.set(RUN_PARAM, String(id));
      return next;
    });

  if (runId && /^\d+$/.test(runId)) return <RunDetail id={runId} onBack={() => show(null)} />;
  return <RunsList onOpen={show} />;
}
