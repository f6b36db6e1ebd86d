import { lazyPart } from '../lazyPart';

/**
 * antd's TreeSelect (the report and review filter bars' location tree) imports its drop-down's tree,
 * @rc-component/tree with its nodes, motion and list, with the select itself, though the tree shows
 * only when the drop-down opens. The build gives the TreeSelect this module instead (vite.config.ts,
 * ANTD_IMPORTS_REPLACED): the same option list, fetched when a drop-down first opens. The select
 * reaches the list through its ref (keys, scrolling), which React 19 passes on as a prop.
 */
export default lazyPart(() => import('@rc-component/tree-select/es/OptionList').then((m) => m.default));
