/**
 * Class of a control of ours drawn smaller than a finger (a logo button, a link standing alone):
 * below `lg` an invisible layer of at least 44×44 px centred on it takes the taps (app/global.css,
 * beside the same layer on Ant Design's small controls). Its look does not change.
 */
export const TOUCH_TARGET = 'touch-target';
