import { useMemo } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { useTranslation } from 'react-i18next';
import { pageLimits, type PageComponent } from '@fleetgate/contracts';
import { ComponentCard, rowHeightPx } from './PageGrid.tsx';
import { PageComponentView } from './PageComponentView.tsx';
import { applyLayout, layoutOf, sameLayout } from './page-layout.ts';
import type { PeriodRange } from './period.ts';
import type { ShownDevice } from './use-pages.ts';

/**
 * The draft's components on a 12-column react-grid-layout: dragged by their title bar, resized
 * from the lower right corner; each move hands the changed components to `onChange`.
 */
export function BuilderGrid({
  components,
  device,
  range,
  onChange,
  onEdit,
  onRemove,
}: {
  components: readonly PageComponent[];
  device: ShownDevice | null;
  range: PeriodRange;
  onChange: (components: PageComponent[]) => void;
  onEdit: (component: PageComponent) => void;
  onRemove: (component: PageComponent) => void;
}) {
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
