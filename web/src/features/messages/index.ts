export { MessagesFromPanel } from './components/MessagesFromPanel';
export { MessagesTab } from './components/MessagesTab';
