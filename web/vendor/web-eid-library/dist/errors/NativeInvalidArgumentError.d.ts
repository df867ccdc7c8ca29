import ErrorCode from "./ErrorCode";
export default class NativeInvalidArgumentError extends Error {
    code: ErrorCode;
    constructor(message?: string);
}
