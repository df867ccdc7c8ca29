import { ExtensionResponse } from "../models/message/ExtensionResponse";
import { ExtensionRequest } from "../models/message/ExtensionRequest";
import PendingMessage from "../models/PendingMessage";
export default class WebExtensionService {
    private loggedWarnings;
    private queue;
    constructor();
    private receive;
    send<T extends ExtensionResponse>(message: ExtensionRequest, timeout: number): Promise<T>;
    onReplyTimeout(pending: PendingMessage): void;
    onAckTimeout(pending: PendingMessage): void;
    getPendingMessage(action: string): PendingMessage | undefined;
    getInitialAction(action: string): string;
    removeFromQueue(action: string): void;
}
