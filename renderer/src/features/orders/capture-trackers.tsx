import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import { TrackersPanel } from './trackers-panel';
import { addTracker, captureTrackers, putTrackerStatus } from './trackers-api';
import { queryKeys } from '../../api/query-keys';

/** A capture's shipment trackers (v1 API): list, add, change status, cancel. */
export function CaptureTrackers({ captureId, status }: { captureId: string; status: string }) {
  const trackers = useQuery({
    queryKey: queryKeys.orders.captureTrackers(captureId),
    queryFn: () => captureTrackers(captureId),
  });
  return (
    <Section title="Shipment tracking" testId="capture-trackers-section">
      <QueryState loading={trackers.isLoading} error={trackers.error}>
        <TrackersPanel
          trackers={trackers.data ?? []}
          captures={status === 'COMPLETED' || status === 'PARTIALLY_REFUNDED' ? [captureId] : []}
          add={addTracker}
          cancel={(row) => putTrackerStatus(row, 'CANCELLED')}
          testId="capture-trackers"
        />
      </QueryState>
    </Section>
  );
}
