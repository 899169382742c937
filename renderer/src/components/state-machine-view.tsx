import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { HistoryEntry } from '../../../shared/bridge';
import type { Machine } from '../../../shared/machines/machine';

/** A next step the user can take from the current state. */
export interface MachineAction {
  key: string;
  label: string;
  onClick(): void;
  disabled?: boolean;
  /** Why the action is disabled, shown on hover and under the button. */
  reason?: string;
  busy?: boolean;
}

const NODE_W = 168;
const NODE_H = 40;
const GAP_X = 64;
const GAP_Y = 22;

/**
 * Layers states by the longest path from creation (so APPROVED sits right of CREATED even though a card
 * order is created APPROVED), and the diagram reads left to right.
 */
export function machineLayout<S extends string>(machine: Machine<S>) {
  const states = Object.keys(machine.states) as S[];
  const depth = new Map<S, number>();
  for (const t of machine.transitions) if (t.from.length === 0) depth.set(t.to, 0);
  // Relax edges at most |states| times: enough for any acyclic path, and cycles cannot loop forever.
  for (let round = 0; round < states.length; round++) {
    for (const t of machine.transitions) {
      for (const from of t.from) {
        const d = depth.get(from);
        if (d === undefined || from === t.to || d + 1 >= states.length) continue;
        if ((depth.get(t.to) ?? -1) < d + 1) depth.set(t.to, d + 1);
      }
    }
  }
  const byDepth: S[][] = [];
  for (const state of states) (byDepth[depth.get(state) ?? 0] ??= []).push(state);
  // Depths can skip a number (a state reached only through a longer path): drop the empty columns, so
  // the drawing has no blank stretch and every column has a height (an empty one made the viewBox NaN).
  const columns = byDepth.filter((column) => column !== undefined && column.length > 0);
  const position = new Map<S, { x: number; y: number }>();
  columns.forEach((column, c) =>
    column.forEach((state, r) =>
      position.set(state, { x: 12 + c * (NODE_W + GAP_X), y: 12 + r * (NODE_H + GAP_Y) }),
    ),
  );
  const width = 24 + columns.length * (NODE_W + GAP_X) - GAP_X;
  const height = 24 + Math.max(...columns.map((c) => c.length)) * (NODE_H + GAP_Y) - GAP_Y;
  return { position, width, height, states };
}

/**
 * A resource's state machine (from its group in `shared/api`): the current state highlighted, the path it took
 * (from its history) drawn bold, and the legal next actions as buttons.
 */
export function StateMachineView<S extends string>({
  machine,
  current,
  history,
  actions = [],
}: {
  machine: Machine<S>;
  current: S;
  history: HistoryEntry[];
  actions?: MachineAction[];
}) {
  const theme = useTheme();
  const { position, width, height, states } = machineLayout(machine);
  const visited = new Set(history.map((h) => h.to_status));
  const walked = new Set(history.filter((h) => h.from_status).map((h) => `${h.from_status}->${h.to_status}`));
  const edges = machine.transitions.flatMap((t) =>
    t.from.filter((f) => f !== t.to).map((from) => ({ from, to: t.to, label: t.label })),
  );
  const unique = [...new Map(edges.map((e) => [`${e.from}->${e.to}`, e])).values()];

  return (
    <Box data-testid="state-machine" data-current-state={current}>
      {/* Scaled down to fit its panel (never up): every state stays in view, none behind a scrollbar. */}
      <Box>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          style={{ maxWidth: width, height: 'auto', display: 'block' }}
          data-testid="state-machine-diagram"
          role="img"
          aria-label={`${machine.resource} state machine, current state ${current}`}
        >
          <defs>
            <marker
              id={`arrow-${machine.resource}`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" fill={theme.palette.text.secondary} />
            </marker>
          </defs>
          {unique.map((edge) => {
            const a = position.get(edge.from as S);
            const b = position.get(edge.to as S);
            if (!a || !b) return null;
            const taken = walked.has(`${edge.from}->${edge.to}`);
            const backwards = b.x <= a.x;
            const x1 = backwards ? a.x + NODE_W / 2 : a.x + NODE_W;
            const y1 = backwards ? a.y + NODE_H : a.y + NODE_H / 2;
            const x2 = backwards ? b.x + NODE_W / 2 : b.x;
            const y2 = backwards ? b.y : b.y + NODE_H / 2;
            return (
              <line
                key={`${edge.from}->${edge.to}`}
                x1={x1}
                y1={y1}
                x2={x2}
                y2={y2}
                stroke={taken ? theme.palette.primary.main : theme.palette.divider}
                strokeWidth={taken ? 3 : 1.5}
                markerEnd={`url(#arrow-${machine.resource})`}
              >
                <title>{edge.label}</title>
              </line>
            );
          })}
          {states.map((state) => {
            const p = position.get(state);
            if (!p) return null;
            const isCurrent = state === current;
            const wasVisited = visited.has(state);
            return (
              <g
                key={state}
                data-testid={`state-${state}`}
                data-current={isCurrent ? 'true' : 'false'}
                data-visited={wasVisited ? 'true' : 'false'}
              >
                <rect
                  x={p.x}
                  y={p.y}
                  width={NODE_W}
                  height={NODE_H}
                  rx={8}
                  fill={
                    isCurrent
                      ? theme.palette.primary.main
                      : wasVisited
                        ? theme.palette.action.selected
                        : theme.palette.background.paper
                  }
                  stroke={isCurrent || wasVisited ? theme.palette.primary.main : theme.palette.divider}
                  strokeWidth={isCurrent ? 2.5 : 1.5}
                />
                <text
                  x={p.x + NODE_W / 2}
                  y={p.y + NODE_H / 2 + 4}
                  textAnchor="middle"
                  fontSize={11.5}
                  fontWeight={isCurrent ? 700 : 500}
                  fill={isCurrent ? theme.palette.primary.contrastText : theme.palette.text.primary}
                >
                  {state}
                </text>
                <title>{machine.states[state]}</title>
              </g>
            );
          })}
        </svg>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {machine.states[current]}
      </Typography>
      {actions.length > 0 ? (
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}
          data-testid="machine-actions"
        >
          {actions.map((action) => (
            <Tooltip key={action.key} title={action.disabled && action.reason ? action.reason : ''}>
              <span>
                <Button
                  variant="contained"
                  size="small"
                  onClick={action.onClick}
                  disabled={action.disabled || action.busy}
                  data-testid={`action-${action.key}`}
                >
                  {action.busy ? `${action.label}…` : action.label}
                </Button>
              </span>
            </Tooltip>
          ))}
        </Stack>
      ) : null}
      {actions
        .filter((a) => a.disabled && a.reason)
        .map((a) => (
          <Typography
            key={a.key}
            variant="caption"
            color="text.secondary"
            sx={{ mt: 0.5, display: 'block' }}
            data-testid={`reason-${a.key}`}
          >
            {a.label}: {a.reason}
          </Typography>
        ))}
    </Box>
  );
}
