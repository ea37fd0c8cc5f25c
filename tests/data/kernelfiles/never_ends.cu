// A kernel that never ends: its loop waits for a flag no one sets. The
// recorder must report it after its time limit and leave, not hang.
/* warpscope
kernel: spin
grid: 1
block: 32
args:
  - flag: {buffer: int, length: 1}
*/
__global__ void spin(volatile int* flag) {
    while (flag[0] == 0) {
    }
}
