import { ExtensionRequest } from "./message/ExtensionRequest";
import { ExtensionResponse } from "./message/ExtensionResponse";
export default interface PendingMessage {
    message: ExtensionRequest;
    promise?: Promise<ExtensionResponse>;
    resolve?: (value: ExtensionResponse | PromiseLike<ExtensionResponse>) => void;
    reject?: (reason?: any) => void;
    ackTimer?: number;
    replyTimer?: number;
}
