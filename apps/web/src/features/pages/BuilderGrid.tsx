import { useMemo } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { useTranslation } from 'react-i18next';
import { pageLimits, type PageComponent } from '@fleetgate/contracts';
import { ComponentCard, PageGrid, rowHeightPx } from './PageGrid.tsx';
import { PageComponentView } from './PageComponentView.tsx';
import { applyLayout, layoutOf, sameLayout } from './page-layout.ts';
import type { PeriodRange } from './period.ts';
import type { ShownDevice } from './use-pages.ts';

/** The edit and remove buttons in a component's title bar. */
function ComponentActions({
  component,
  onEdit,
  onRemove,
}: {
  component: PageComponent;
  onEdit: (component: PageComponent) => void;
  onRemove: (component: PageComponent) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('pages.builder.editComponent')}
        onClick={() => onEdit(component)}
      >
        <EditOutlined fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={t('pages.builder.removeComponent')}
        onClick={() => onRemove(component)}
      >
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </>
  );
}

type BuilderGridProps = {
  components: readonly PageComponent[];
  device: ShownDevice | null;
  range: PeriodRange;
  onChange: (components: PageComponent[]) => void;
  onEdit: (component: PageComponent) => void;
  onRemove: (component: PageComponent) => void;
};

/**
 * The draft's components. On wide screens (`md` and up) a 12-column react-grid-layout: dragged by
 * their title bar, resized from the lower right corner; each move hands the changed components to
 * `onChange`. On narrow ones they stack full width in reading order as the published page shows
 * them there (PageGrid), to be edited and removed but not moved: twelve columns on a phone are too
 * narrow to read or grab, and a narrower grid would rewrite the page's wide layout.
 */
export function BuilderGrid(props: BuilderGridProps) {
  const { t } = useTranslation();
  // Read at the first render, so a narrow screen never lays out (and overflows) the wide grid.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const { components, device, range, onEdit, onRemove } = props;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {wide ? t('pages.builder.dragHint') : t('pages.builder.narrowHint')}
      </Typography>
      {wide ? (
        <WideGrid {...props} />
      ) : (
        <PageGrid
          components={components}
          render={(component) => (
            <ComponentCard
              title={component.title ?? t(`pages.kinds.${component.kind}`)}
              header={<ComponentActions component={component} onEdit={onEdit} onRemove={onRemove} />}
            >
              <PageComponentView component={component} device={device} range={range} />
            </ComponentCard>
          )}
        />
      )}
    </>
  );
}

function WideGrid({ components, device, range, onChange, onEdit, onRemove }: BuilderGridProps) {
  const { t } = useTranslation();
  const { width, containerRef, mounted } = useContainerWidth();
  const layout = useMemo(() => layoutOf(components), [components]);
  return (
    <Box
      ref={containerRef}
      sx={{ minHeight: 200, '& .react-grid-item.react-grid-placeholder': { bgcolor: 'primary.main' } }}
    >
      {mounted && (
        <ReactGridLayout
          layout={layout}
          width={width}
          gridConfig={{ cols: pageLimits.gridColumns, rowHeight: rowHeightPx, margin: [12, 12] }}
          dragConfig={{ enabled: true, handle: '.page-drag-handle' }}
          resizeConfig={{ enabled: true }}
          onLayoutChange={(next: Layout) => {
            const changed = applyLayout(components, next);
            if (!sameLayout(changed, components)) onChange(changed);
          }}
        >
          {components.map((component) => (
            <div key={component.id}>
              <ComponentCard
                title={component.title ?? t(`pages.kinds.${component.kind}`)}
                header={
                  <>
                    <DragIndicator
                      className="page-drag-handle"
                      fontSize="small"
                      sx={{ cursor: 'move', order: -1 }}
                    />
                    <ComponentActions component={component} onEdit={onEdit} onRemove={onRemove} />
                  </>
                }
              >
                <PageComponentView component={component} device={device} range={range} />
              </ComponentCard>
            </div>
          ))}
        </ReactGridLayout>
      )}
    </Box>
  );
}
